package consume

import (
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

// Result holds the summaries of one package for the analyzers that judge
// its consumers: those of its functions, computed once whichever analyzer
// asks first, and those of other packages' functions, from the facts.
//
// Where no consumer can be judged (Consumers is closed), it holds neither
// SSA nor summaries: the checker keeps every Result until the run ends.
//
// The analyzers requiring it run concurrently, so the summaries are
// computed under mu; each analyzer gets its own Checker (Checker) for its
// other caches.
type Result struct {
	pass  *analysis.Pass // the Analyzer's pass, which owns the facts
	layer *calls.Result
	cfg   Config
	ssa   *ssabuild.SSA
	own   *Checker // computes the summaries, under mu

	handlers map[*types.Func]*RunsHandler   // the package's consume loops (handlerloop.go); written in run, read-only after
	reads    map[*types.Func]*CommitsOnRead // the package's reader wrappers (wrapperread.go); likewise

	mu sync.Mutex
}

// SSA returns the package's SSA form, built once for the summaries; nil
// where Consumers is closed.
func (r *Result) SSA() *ssabuild.SSA {
	if r == nil {
		return nil
	}
	return r.ssa
}

// Checker returns a Checker for an analyzer's pass over the package, with
// caches of its own and the summaries of r; nil where Consumers is closed.
func (r *Result) Checker(pass *analysis.Pass) *Checker {
	if r == nil || r.own == nil {
		return nil
	}
	c := newChecker(pass, r.layer, r.cfg)
	c.shared, c.factPass = r, r.pass
	return c
}

// Func returns the summary of a call of obj: computed for a function of
// this package, from the facts for another package's; nil for a function
// that neither commits nor does durable work, or with no summary here.
func (r *Result) Func(obj *types.Func) *Summary {
	if r == nil || obj == nil {
		return nil
	}
	obj = obj.Origin()
	if obj.Pkg() != r.pass.Pkg {
		s := &Summary{Commit: importedCommit(r.pass, obj), Durable: importedDurable(r.pass, obj)}
		if s.Commit == "" && s.Durable == "" {
			return nil
		}
		return s
	}
	if r.ssa == nil {
		return nil
	}
	s := r.summarize(r.ssa.Pkg.Prog.FuncValue(obj))
	if s.Commit == "" && s.Durable == "" {
		return nil
	}
	return s
}

// summarize returns (a copy of) the summary of a function of this package.
func (r *Result) summarize(fn *ssa.Function) *Summary {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := *r.own.summarize(fn)
	return &s
}

// exportFacts exports the summaries of the package's named functions whose
// facts can leave the package.
func (r *Result) exportFacts() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.own.exportSummaries(func(obj *types.Func, s *Summary) {
		if s.Commit != "" {
			r.pass.ExportObjectFact(obj, &CommitsOffset{Via: s.Commit})
		}
		if s.Durable != "" {
			r.pass.ExportObjectFact(obj, &DurableWork{Via: s.Durable})
		}
	})
}

// importedCommit returns the chain by which another package's function
// commits an offset (its fact, imported through the Analyzer's pass), or "".
func importedCommit(pass *analysis.Pass, obj *types.Func) string {
	var fact CommitsOffset
	if pass.ImportObjectFact(obj, &fact) {
		return fact.Via
	}
	return ""
}

// importedDurable returns the chain by which another package's function
// does durable work (its fact), or "".
func importedDurable(pass *analysis.Pass, obj *types.Func) string {
	var fact DurableWork
	if pass.ImportObjectFact(obj, &fact) {
		return fact.Via
	}
	return ""
}
