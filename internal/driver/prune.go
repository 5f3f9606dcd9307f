package driver

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/internal/report"
)

// prune restricts each analyzer that can only report in some packages
// (mayReport gives the test, nil for the others) to the packages whose
// facts can serve a finding: those that may report and everything they
// import among the analysed packages. An analyzer must run on every
// package under vet or golangci-lint, which do not know the packages
// that import the one at hand; this driver knows them all.
//
// offsetorder is the case: its DurableWork fact needs no library (a call
// through a handler interface counts), so it is computed from SSA in every
// package, yet only a package that consumes Kafka messages can use it. In
// a module without Kafka the analyzer is dropped; in one with Kafka, the
// packages no consumer imports are skipped.
//
// A skipped package still gets report.New, which reports the analyzer's
// //idemlint:ignore directives that give no reason, as a run would.
func prune(analyzers []*analysis.Analyzer, pkgs []*packages.Package, mayReport func(*analysis.Analyzer) func(*types.Package) bool) []*analysis.Analyzer {
	if mayReport == nil {
		return analyzers
	}
	out := make([]*analysis.Analyzer, 0, len(analyzers))
	for _, a := range analyzers {
		may := mayReport(a)
		if may == nil || a.ResultType != nil {
			out = append(out, a) // no test, or another analyzer may need its result
			continue
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
		if len(need) == len(pkgs) {
			out = append(out, a)
			continue
		}
		run := a.Run
		restricted := *a // same name, flags and fact types; a different Run
		restricted.Run = func(pass *analysis.Pass) (any, error) {
			if !need[pass.Pkg] {
				report.New(pass)
				return nil, nil
			}
			return run(pass)
		}
		out = append(out, &restricted)
	}
	return out
}
