// Package safe keeps a bug in one analyzer from crashing the run.
//
// A panic inside an analyzer would take down golangci-lint for every user,
// so each analyzer's Run is wrapped to turn a panic into an error that names
// the analyzer and the package (as nilaway's WrapRun does).
package safe

import (
	"fmt"
	"runtime/debug"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

var (
	mu      sync.Mutex
	wrapped = make(map[*analysis.Analyzer]bool)
)

// Wrap makes the Run of each analyzer, and of those it requires, recover
// from panics. It is idempotent.
func Wrap(analyzers ...*analysis.Analyzer) []*analysis.Analyzer {
	mu.Lock()
	defer mu.Unlock()
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if wrapped[a] {
			return
		}
		wrapped[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		if isStdlib(a) {
			return
		}
		run := a.Run
		name := a.Name
		a.Run = func(pass *analysis.Pass) (res any, err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("internal error in analyzer %s on package %s: %v (please report it with this trace)\n%s",
						name, pass.Pkg.Path(), r, debug.Stack())
				}
			}()
			return run(pass)
		}
	}
	for _, a := range analyzers {
		visit(a)
	}
	return analyzers
}

// isStdlib reports whether a is one of x/tools' own building blocks, which
// are shared with other linters and left as they are.
func isStdlib(a *analysis.Analyzer) bool {
	return a == inspect.Analyzer || a == ctrlflow.Analyzer || a == buildssa.Analyzer
}
