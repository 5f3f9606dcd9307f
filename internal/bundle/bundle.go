// Package bundle presents a suite of analyzers to a driver as one
// analyzer that runs them all, in dependency order, in one pass.
//
// Why: golangci-lint (like every go/analysis driver) runs one action per
// analyzer and package, and for an analyzer with facts it runs it on every
// dependency too, encoding and caching each action's facts. idemlint is
// thirteen analyzers with facts (nine rules and their shared building
// blocks: report, calls, noreturn, inbox), so a module with 600
// dependencies cost golangci-lint about 7,800 actions, each of which
// returns at once outside the analysed code (internal/gate) — the
// scheduling and fact caching of those actions was most of idemlint's
// cost under golangci-lint. Bundled, it is one action per package.
//
// The inner analyzers run unchanged: each gets its own copy of the pass
// with itself as Analyzer, the results of what it requires as ResultOf,
// and only the facts of its own FactTypes from AllObjectFacts and
// AllPackageFacts (fact types are distinct per analyzer, so the bundle's
// fact store, which declares them all, serves each). Their diagnostics are
// reported through the bundle, prefixed with the inner analyzer's name —
// exactly the text golangci-lint gives an unbundled analyzer of a linter
// ("dualwrite: ...").
//
// No library does this: x/tools' checker and golangci-lint's runner
// schedule analyzers one by one; multichecker and unitchecker take lists.
package bundle

import (
	"context"
	"fmt"
	"go/types"
	"reflect"
	"runtime/pprof"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// New returns an analyzer named name that runs roots and everything they
// require, once per package, and reports the roots' diagnostics (and any
// other's) as "<inner analyzer>: <message>". Flags stay on the inner
// analyzers (set them before New).
func New(name, doc string, roots []*analysis.Analyzer) *analysis.Analyzer {
	return NewReporting(name, doc, roots, nil)
}

// A Reporter receives an inner analyzer's diagnostic, unchanged, with the
// bundle's pass (its Pkg is the package analysed).
type Reporter func(pass *analysis.Pass, inner *analysis.Analyzer, d analysis.Diagnostic)

// NewReporting is New, but hands every diagnostic to report instead of
// reporting it prefixed through the bundle's pass (nil: as New). A driver
// that knows the inner analyzers (idemlint's own) keeps their names and
// categories this way.
func NewReporting(name, doc string, roots []*analysis.Analyzer, report Reporter) *analysis.Analyzer {
	order := topo(roots)
	var factTypes []analysis.Fact
	seen := make(map[reflect.Type]bool)
	for _, a := range order {
		for _, f := range a.FactTypes {
			if t := reflect.TypeOf(f); !seen[t] {
				seen[t] = true
				factTypes = append(factTypes, f)
			}
		}
	}
	b := &bundled{order: order, report: report, own: make(map[*analysis.Analyzer]map[reflect.Type]bool)}
	for _, a := range order {
		own := make(map[reflect.Type]bool, len(a.FactTypes))
		for _, f := range a.FactTypes {
			own[reflect.TypeOf(f)] = true
		}
		b.own[a] = own
	}
	return &analysis.Analyzer{
		Name:      name,
		Doc:       doc,
		Run:       b.run,
		FactTypes: factTypes,
	}
}

type bundled struct {
	order  []*analysis.Analyzer
	report Reporter
	own    map[*analysis.Analyzer]map[reflect.Type]bool
}

func (b *bundled) run(pass *analysis.Pass) (any, error) {
	results := make(map[*analysis.Analyzer]any, len(b.order))
	var objFacts []analysis.ObjectFact
	var pkgFacts []analysis.PackageFact
	factsRead := false
	readFacts := func() {
		if !factsRead {
			factsRead = true
			objFacts = pass.AllObjectFacts()
			pkgFacts = pass.AllPackageFacts()
		}
	}
	var errs []string
	failed := make(map[*analysis.Analyzer]bool)
	for _, a := range b.order {
		if slices.ContainsFunc(a.Requires, func(r *analysis.Analyzer) bool { return failed[r] }) {
			failed[a] = true // as the checker skips an action whose dependency failed
			continue
		}
		inner := *pass
		inner.Analyzer = a
		inner.ResultOf = make(map[*analysis.Analyzer]any, len(a.Requires))
		for _, req := range a.Requires {
			inner.ResultOf[req] = results[req]
		}
		inner.Report = b.reportFunc(pass, a)
		own := b.own[a]
		inner.AllObjectFacts = func() []analysis.ObjectFact {
			readFacts()
			var out []analysis.ObjectFact
			for _, f := range objFacts {
				if own[reflect.TypeOf(f.Fact)] {
					out = append(out, f)
				}
			}
			return out
		}
		inner.AllPackageFacts = func() []analysis.PackageFact {
			readFacts()
			var out []analysis.PackageFact
			for _, f := range pkgFacts {
				if own[reflect.TypeOf(f.Fact)] {
					out = append(out, f)
				}
			}
			return out
		}
		inner.ExportObjectFact = func(obj types.Object, f analysis.Fact) {
			pass.ExportObjectFact(obj, f)
			factsRead = false // a later analyzer's AllObjectFacts sees it
		}
		inner.ExportPackageFact = func(f analysis.Fact) {
			pass.ExportPackageFact(f)
			factsRead = false
		}
		// Labels let a CPU profile (idemlint -cpuprofile) be split by
		// analyzer and package: go tool pprof -tags, -tagfocus.
		var res any
		var err error
		pprof.Do(context.Background(), pprof.Labels("analyzer", a.Name, "package", pass.Pkg.Path()), func(context.Context) {
			res, err = a.Run(&inner)
		})
		if err != nil {
			failed[a] = true
			errs = append(errs, fmt.Sprintf("%s: %v", a.Name, err))
			continue
		}
		results[a] = res
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil, nil
}

// reportFunc returns the Report of inner's pass.
func (b *bundled) reportFunc(pass *analysis.Pass, inner *analysis.Analyzer) func(analysis.Diagnostic) {
	if b.report != nil {
		return func(d analysis.Diagnostic) { b.report(pass, inner, d) }
	}
	return func(d analysis.Diagnostic) {
		d.Message = inner.Name + ": " + d.Message
		pass.Report(d)
	}
}

// topo returns roots and their requirements, each after what it requires,
// in a stable order.
func topo(roots []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		out = append(out, a)
	}
	for _, a := range roots {
		visit(a)
	}
	return slices.Clip(out)
}
