package driver

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"runtime/debug"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/internal/bundle"
	"github.com/idemlint/idemlint/internal/gate"
)

// A Finding is one diagnostic of one analyzer.
type Finding struct {
	Analyzer *analysis.Analyzer
	Package  *packages.Package
	Posn     token.Position
	End      token.Position
	Diag     analysis.Diagnostic
	Fset     *token.FileSet
}

// Result is what a run found.
type Result struct {
	Findings []Finding
	Errors   []error // packages that did not load, analyzers that failed
	// Packages are the type-checked packages analysed; their imports lead
	// to every dependency's types.
	Packages []*types.Package
}

// Run loads the packages named by patterns and runs the analyzers on them.
// Tool errors that stop the run (a bad pattern, go list failing) are
// returned as err; errors of single packages or analyzers go in
// Result.Errors and the rest of the run goes on.
func Run(o Options, analyzers []*analysis.Analyzer, patterns []string) (*Result, error) {
	// The packages -facts-from names are analysed code wherever they live:
	// the analyzers must not take them for dependencies (gate.Outside).
	if missing := slices.DeleteFunc(slices.Clone(o.FactsFrom), func(p string) bool { return slices.Contains(gate.FactsFrom(), p) }); len(missing) > 0 {
		gate.SetFactsFrom(slices.Concat(gate.FactsFrom(), missing))
	}
	l, err := load(o, patterns)
	if err != nil {
		return nil, err
	}
	res := &Result{Errors: l.errs}
	for _, p := range l.analyse {
		res.Packages = append(res.Packages, p.Types)
	}
	if len(l.analyse) == 0 {
		return res, nil
	}
	if !o.FullGraph {
		defer prune(analyzers, l.analyse, o.MayReport)()
	}
	col := newCollector(l.analyse)
	suite := bundle.NewReporting("idemlint", "the idemlint suite", analyzers, col.add)
	suite.Run = col.releasing(suite.Run)
	defer debug.SetGCPercent(debug.SetGCPercent(analysisGCPercent))
	graph, err := checker.Analyze([]*analysis.Analyzer{suite}, l.analyse, &checker.Options{})
	if err != nil {
		return nil, err
	}
	for _, act := range graph.Roots {
		if l.requested[act.Package.ID] && act.Err != nil {
			res.Errors = append(res.Errors, fmt.Errorf("%s: %v", act.Package.PkgPath, act.Err))
		}
	}
	type key struct {
		analyzer string
		posn     token.Position
		message  string
	}
	seen := make(map[key]bool) // a file is in both a package and its test variant
	// A test variant sees the package's test doubles too, so its report at
	// a place the package itself reports may word the same finding
	// differently (a chain through a mock); the package's own wording wins.
	type place struct {
		analyzer string
		posn     token.Position
	}
	plain := make(map[place]bool)
	for _, r := range col.reports {
		if l.requested[r.pkg.ID] && r.pkg.ForTest == "" {
			plain[place{r.analyzer.Name, r.pkg.Fset.Position(r.diag.Pos)}] = true
		}
	}
	// Actions end in any order; a package's own reports come in order.
	slices.SortStableFunc(col.reports, func(a, b report) int { return cmp.Compare(a.pkg.ID, b.pkg.ID) })
	for _, r := range col.reports {
		if !l.requested[r.pkg.ID] {
			continue
		}
		d := r.diag
		posn := r.pkg.Fset.Position(d.Pos)
		k := key{r.analyzer.Name, posn, d.Message}
		if seen[k] || r.pkg.ForTest != "" && plain[place{r.analyzer.Name, posn}] {
			continue
		}
		seen[k] = true
		end := posn
		if d.End.IsValid() {
			end = r.pkg.Fset.Position(d.End)
		}
		res.Findings = append(res.Findings, Finding{
			Analyzer: r.analyzer, Package: r.pkg, Posn: posn, End: end, Diag: d, Fset: r.pkg.Fset,
		})
	}
	slices.SortFunc(res.Findings, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.Posn.Filename, b.Posn.Filename),
			cmp.Compare(a.Posn.Line, b.Posn.Line),
			cmp.Compare(a.Posn.Column, b.Posn.Column),
			cmp.Compare(a.Analyzer.Name, b.Analyzer.Name),
			cmp.Compare(a.Diag.Message, b.Diag.Message),
		)
	})
	return res, nil
}
