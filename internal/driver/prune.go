package driver

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/internal/gate"
)

// prune skips each analyzer that can only report in some packages
// (mayReport gives the test by analyzer name, nil for the others) on the
// packages whose facts can serve no finding: all but those that may
// report and everything they import among the analysed packages. An
// analyzer must run on every package under vet or golangci-lint, which do
// not know the packages that import the one at hand; this driver knows
// them all.
//
// The consume layer is the case: its DurableWork fact needs no library (a
// call through a handler interface counts), so it is computed from SSA in
// every package, yet only a package that consumes messages can use it
// (offsetorder, skipcommit). In a module without Kafka nothing is built;
// in one with Kafka, the packages no consumer imports are skipped. A
// required analyzer (one with a Result) is pruned only if it has a test of
// its own, which must cover every analyzer requiring it: it is skipped
// only where all of them are.
//
// The analyzers are not changed: the skips are recorded with gate.Skip,
// keyed by analyzer name and package, and each analyzer's safe.Run honours
// them (reporting the analyzer's directive problems there, as a run
// would). prune returns the function that forgets them.
func prune(analyzers []*analysis.Analyzer, pkgs []*packages.Package, mayReport func(string) func(*types.Package) bool) (forget func()) {
	var forgets []func()
	forget = func() {
		for _, f := range forgets {
			f()
		}
	}
	if mayReport == nil {
		return forget
	}
	for _, a := range withRequired(analyzers) {
		may := mayReport(a.Name)
		if may == nil {
			continue // no test: it may report, or serve one that may, anywhere
		}
		need := make(map[*types.Package]bool)
		var mark func(p *packages.Package)
		mark = func(p *packages.Package) {
			if need[p.Types] {
				return
			}
			need[p.Types] = true
			for _, dep := range p.Imports { // edges leaving the analysed set are cut
				mark(dep)
			}
		}
		for _, p := range pkgs {
			if may(p.Types) {
				mark(p)
			}
		}
		var skip []*types.Package
		for _, p := range pkgs {
			if !need[p.Types] {
				skip = append(skip, p.Types)
			}
		}
		if len(skip) > 0 {
			forgets = append(forgets, gate.Skip(a.Name, skip...))
		}
	}
	return forget
}

// withRequired returns the analyzers and those they require, each once.
func withRequired(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	var add func(a *analysis.Analyzer)
	add = func(a *analysis.Analyzer) {
		if slices.Contains(out, a) {
			return
		}
		out = append(out, a)
		for _, r := range a.Requires {
			add(r)
		}
	}
	for _, a := range analyzers {
		add(a)
	}
	return out
}
