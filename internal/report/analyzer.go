package report

import (
	"go/ast"
	"go/token"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/gate"
)

// Analyzer is required by every idemlint analyzer: it reads, once per
// package, what decides whether a finding is shown — which files are
// generated, which are excluded by the configuration, and the
// //idemlint:ignore directives — and its Result remembers which directives
// each analyzer used and which diagnostics it already reported. It reports
// nothing itself (a driver shows only the diagnostics of the analyzers it
// was asked to run); each analyzer's Reporter reports through it and
// Finish reports the analyzer's directive problems under its own name.
//
// Its Run is the one not wrapped in safe.Run (safe imports this package):
// it only reads comments and file names, and skips a file without one.
var Analyzer = &analysis.Analyzer{
	Name:       "report",
	Doc:        "read generated files, exclusions and //idemlint:ignore directives for idemlint's analyzers",
	URL:        "https://github.com/idemlint/idemlint/tree/main/internal/report",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// Settings: set by the drivers before a run, read by every pass.
var (
	exclude atomic.Pointer[func(filename string) bool]
	known   atomic.Pointer[[]string]
)

// SetExclude sets the test that drops every finding in a file (the
// exclude patterns of .idemlint.yml); nil excludes nothing. Facts are
// still computed from excluded files.
func SetExclude(excluded func(filename string) bool) {
	if excluded == nil {
		exclude.Store(nil)
		return
	}
	exclude.Store(&excluded)
}

// SetAnalyzers names every analyzer of the suite, so that a directive
// naming another one is reported as unknown. Until it is called (a test
// of a single analyzer), unknown names are not reported.
func SetAnalyzers(names ...string) {
	s := slices.Sorted(slices.Values(names))
	known.Store(&s)
}

func knownAnalyzers() []string {
	if p := known.Load(); p != nil {
		return *p
	}
	return nil
}

// Result is what Analyzer read from one package, shared by the passes of
// every analyzer on that package (which may run at the same time).
type Result struct {
	fset      *token.FileSet
	generated map[string]bool // file name → generated
	excluded  map[string]bool // file name → excluded by the configuration
	dirs      []*directive
	byLine    map[lineKey][]*directive

	mu   sync.Mutex
	used map[use]bool     // a directive silenced a finding of an analyzer
	seen map[seenKey]bool // diagnostics already reported
}

type lineKey struct {
	file string
	line int
}

type use struct {
	dir      *directive
	analyzer string
}

type seenKey struct {
	analyzer, category, message string
	pos, end                    token.Pos
}

func run(pass *analysis.Pass) (any, error) {
	if gate.Outside(pass) || apis.IsTableLibrary(pass.Pkg.Path()) {
		return (*Result)(nil), nil // no analyzer of the suite runs there (safe.Run)
	}
	r := &Result{
		fset:      pass.Fset,
		generated: make(map[string]bool),
		excluded:  make(map[string]bool),
		byLine:    make(map[lineKey][]*directive),
		used:      make(map[use]bool),
		seen:      make(map[seenKey]bool),
	}
	var excluded func(string) bool
	if p := exclude.Load(); p != nil {
		excluded = *p
	}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		name := tf.Name()
		if ast.IsGenerated(f) {
			r.generated[name] = true
		}
		if excluded != nil && excluded(name) {
			r.excluded[name] = true
		}
		for _, d := range parseDirectives(pass.Fset, f) {
			r.dirs = append(r.dirs, d)
			r.byLine[d.Line] = append(r.byLine[d.Line], d)
		}
	}
	return r, nil
}

// result returns the Result for pass, which must require Analyzer.
func result(pass *analysis.Pass) *Result {
	r, ok := pass.ResultOf[Analyzer].(*Result)
	if !ok {
		panic("analyzer " + pass.Analyzer.Name + " reports without requiring report.Analyzer")
	}
	return r
}

// shown reports whether a diagnostic at pos may be shown at all: it lies
// in a file of the package that is neither excluded nor (unless
// showGenerated) generated.
func (r *Result) shown(pos token.Pos, showGenerated bool) bool {
	if !pos.IsValid() {
		return false
	}
	name := r.fset.Position(pos).Filename
	return !r.excluded[name] && (showGenerated || !r.generated[name])
}

// silence reports whether a directive for analyzer with a reason covers
// pos (it sits on pos's line or the line above), and records its use.
func (r *Result) silence(analyzer string, pos token.Pos) bool {
	p := r.fset.Position(pos)
	found := false
	for _, line := range []int{p.Line, p.Line - 1} {
		for _, d := range r.byLine[lineKey{p.Filename, line}] {
			if d.Reason != "" && d.names(analyzer) {
				r.mu.Lock()
				r.used[use{d, analyzer}] = true
				r.mu.Unlock()
				found = true
			}
		}
	}
	return found
}

// firstReport reports whether the diagnostic has not been reported yet
// by analyzer in this package, and records it.
func (r *Result) firstReport(analyzer string, d analysis.Diagnostic) bool {
	k := seenKey{analyzer, d.Category, d.Message, d.Pos, d.End}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seen[k] {
		return false
	}
	r.seen[k] = true
	return true
}
