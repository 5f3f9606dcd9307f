package consume

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

// Summary is what a function of the package does when called: the chains
// to an offset commit and to durable work ("" for none).
type Summary struct {
	Commit  string
	Durable string
}

// Summarize returns the summary of a function of this package (a literal
// included), computed once per package whichever analyzer asks first.
func (a *Checker) Summarize(fn *ssa.Function) *Summary {
	if a.shared != nil {
		return a.shared.summarize(fn)
	}
	return a.summarize(fn)
}

// summarize returns the summary of a function of this package, in the
// Result's own Checker, its lock held.
func (a *Checker) summarize(fn *ssa.Function) *Summary {
	s := a.summaries().Of(fn)
	return &s
}

// summaries returns the skeleton of the package's summaries on the call
// layer (calls.SSADerived), made on first use over the SSA build the
// Analyzer shares: computed once per function (a function still being
// summarized, in a recursion, counts as doing nothing), other packages'
// from their facts, exported under the layer's policy.
func (a *Checker) summaries() *calls.SSADerived[Summary] {
	if a.sums == nil {
		pkg := a.factPass.ResultOf[ssabuild.Analyzer].(*ssabuild.Shared).Get()
		a.sums = calls.NewSSADerived(a.factPass, pkg.Pkg, pkg.SrcFuncs, a.summarizeBody, func(obj *types.Func) Summary {
			return Summary{Commit: importedCommit(a.factPass, obj), Durable: importedDurable(a.factPass, obj)}
		})
	}
	return a.sums
}

// summarizeBody computes the summary of fn, a function of this package
// with a body: the first call that commits an offset, and the first that
// does durable work.
func (a *Checker) summarizeBody(fn *ssa.Function) Summary {
	var s Summary
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := ci.Common()
			if _, isGo := instr.(*ssa.Go); !isGo && s.Commit == "" {
				s.Commit = a.CommitVia(c)
			}
			if s.Durable == "" {
				s.Durable = a.DurableVia(c)
			}
		}
		if s.Commit != "" && s.Durable != "" {
			break
		}
	}
	return s
}

// Chain joins a caller's name to the chain of its callee, keeping it short.
func Chain(name, rest string) string {
	parts := strings.Split(rest, " → ")
	if len(parts) > 2 {
		parts = []string{parts[0], "…", parts[len(parts)-1]}
	}
	return name + " → " + strings.Join(parts, " → ")
}

// exportSummaries calls export with the summary of each of the package's
// declared functions whose facts can leave the package (the call layer's
// policy: exported functions and every method) and that does something.
func (a *Checker) exportSummaries(export func(obj *types.Func, s *Summary)) {
	a.summaries().Export(func(obj *types.Func, s Summary) { export(obj, &s) })
}
