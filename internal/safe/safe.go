// Package safe gives every idemlint analyzer the same Run skeleton.
//
// Each analyzer (and each fact analyzer idemlint owns) declares
// `Run: safe.Run(run)`. The wrapper
//   - turns a panic into an error that names the analyzer and the package
//     (as nilaway's WrapRun does): a panic inside an analyzer would take
//     down golangci-lint for every user;
//   - returns at once on a package outside the analysed code (the
//     standard library, a dependency from the module cache: gate.Outside),
//     which go vet and golangci-lint hand to every fact-using analyzer,
//     and on a package of a library the API tables describe
//     (apis.IsTableLibrary: its API is in the tables, its internals are
//     not its users' code);
//   - skips the analyzer on a package the driver decided it need not
//     analyse (gate.Skip; a required analyzer then gives the zero value of
//     its Result type, as on a package outside);
//   - reports, after the run, the analyzer's //idemlint:ignore directive
//     problems (report.Finish), so that no run has to create a Reporter
//     before an early return.
//
// Drivers never change an analyzer: the same values run everywhere.
package safe

import (
	"fmt"
	"reflect"
	"runtime/debug"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/report"
)

// Run returns run wrapped in the skeleton.
func Run(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (res any, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = nil, fmt.Errorf("internal error in analyzer %s on package %s: %v (please report it with this trace)\n%s",
					pass.Analyzer.Name, pass.Pkg.Path(), r, debug.Stack())
			}
		}()
		if gate.Outside(pass) || apis.IsTableLibrary(pass.Pkg.Path()) {
			return zero(pass), nil
		}
		if gate.Skipped(pass.Analyzer.Name, pass.Pkg) {
			report.Finish(pass)
			return zero(pass), nil
		}
		res, err = run(pass)
		if err == nil {
			report.Finish(pass)
		}
		return res, err
	}
}

// zero returns the zero value of the analyzer's result type (nil if it has
// none): the checkers insist on a result of the declared type.
func zero(pass *analysis.Pass) any {
	if t := pass.Analyzer.ResultType; t != nil {
		return reflect.Zero(t).Interface()
	}
	return nil
}
