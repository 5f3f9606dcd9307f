package driver

import (
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// The driver runs the suite as one analyzer (internal/bundle), one action
// per package: the results of the building blocks (the call layer's
// summaries, SSA) then die with each package's action, where the x/tools
// checker would keep every action's result until the whole run ends. The
// inner analyzers' diagnostics reach the collector unchanged, with the
// analyzer that reported them.

// analysisGCPercent is the garbage collector's target while the analyzers
// run. By then every package is loaded and type-checked, which is most of
// the live heap, and it shrinks as packages are released (releasing);
// what the analyzers allocate is almost all short-lived. At Go's default
// of 100 the heap may grow to twice the loaded program before the next
// collection, which made idemlint's peak memory 1.35–1.4× that of loading
// alone on sqlc; at 50 the collector runs more often on a heap that is
// mostly garbage (measured with idemlint-bench: README, Performance).
const analysisGCPercent = 50

// A report is one inner analyzer's diagnostic in one package.
type report struct {
	analyzer *analysis.Analyzer
	pkg      *packages.Package
	diag     analysis.Diagnostic
}

// A collector gathers the reports of concurrent actions.
type collector struct {
	pkgs    map[*types.Package]*packages.Package
	mu      sync.Mutex
	reports []report
}

func newCollector(roots []*packages.Package) *collector {
	c := &collector{pkgs: make(map[*types.Package]*packages.Package)}
	packages.Visit(roots, nil, func(p *packages.Package) {
		if p.Types != nil {
			c.pkgs[p.Types] = p
		}
	})
	return c
}

func (c *collector) add(pass *analysis.Pass, inner *analysis.Analyzer, d analysis.Diagnostic) {
	p := c.pkgs[pass.Pkg]
	if p == nil {
		return // a package outside the loaded graph: nothing to report on
	}
	c.mu.Lock()
	c.reports = append(c.reports, report{inner, p, d})
	c.mu.Unlock()
}

// releasing wraps the suite's Run so that a package's syntax and type
// information are dropped once the suite has run on it: the importers'
// actions need only its types and facts, and the findings only positions
// (the file set), so the type-checker's records — most of a run's live
// memory — go package by package instead of living to the end.
func (c *collector) releasing(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		res, err := run(pass)
		// The checker keeps each action's pass to the end of the run (for
		// its own fix application, which this driver does not use).
		pass.Files, pass.TypesInfo = nil, nil
		if p := c.pkgs[pass.Pkg]; p != nil {
			p.Syntax, p.TypesInfo = nil, nil
		}
		return res, err
	}
}
