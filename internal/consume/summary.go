package consume

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Summary is what a function of the package does when called: the chains
// to an offset commit and to durable work ("" for none).
type Summary struct {
	Commit  string
	Durable string
	started bool
}

// Summarize returns the summary of a function of this package (a literal
// included), computed once per package whichever analyzer asks first.
func (a *Checker) Summarize(fn *ssa.Function) *Summary {
	if a.shared != nil {
		return a.shared.summarize(fn)
	}
	return a.summarize(fn)
}

// summarize computes (once) the summary of a function of this package, in
// the Result's own Checker, its lock held. A function still being
// summarized (recursion) counts as doing nothing.
func (a *Checker) summarize(fn *ssa.Function) *Summary {
	if fn == nil {
		return &Summary{}
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if s, ok := a.memo[fn]; ok {
		return s
	}
	s := &Summary{started: true}
	a.memo[fn] = s
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
	s.started = false
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
// named functions whose facts can leave the package (exported functions
// and methods).
func (a *Checker) exportSummaries(funcs []*ssa.Function, export func(obj *types.Func, s *Summary)) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj == nil || fn.Parent() != nil {
			continue
		}
		if !obj.Exported() && obj.Signature().Recv() == nil {
			continue // facts of other unexported functions never leave the package
		}
		if s := a.summarize(fn); s.Commit != "" || s.Durable != "" {
			export(obj, s)
		}
	}
}
