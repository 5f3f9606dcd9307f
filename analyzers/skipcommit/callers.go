package skipcommit

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// callerCommit returns a commit or ack that a caller of fn in this package
// runs after the call, in the same iteration (the caller commits the
// message fn returned nil for), and its chain; or nil. A caller without
// results that does not commit after the call (a closure binding the
// handler's dependencies: func(ctx, m) { handle(ctx, m, store) }) loses
// the outcome too, so its own callers are searched, up to maxWrappers
// levels.
func (a *checker) callerCommit(fn *ssa.Function) (ssa.Instruction, string) {
	seen := map[*ssa.Function]bool{fn: true}
	fns := []*ssa.Function{fn}
	for depth := 0; depth <= maxWrappers && len(fns) > 0; depth++ {
		var wrappers []*ssa.Function
		for _, f := range fns {
			for _, site := range a.callersOf(f) {
				c := consume.Search(site, false, func(i ssa.Instruction) bool {
					call, ok := i.(*ssa.Call)
					return ok && a.CommitVia(&call.Call) != "" && !a.marksOnly(i)
				}, nil)
				if c != nil {
					return c, a.CommitVia(&c.(*ssa.Call).Call)
				}
				if p := site.Parent(); p != nil && !seen[p] && p.Signature.Results().Len() == 0 {
					seen[p] = true
					wrappers = append(wrappers, p)
				}
			}
		}
		fns = wrappers
	}
	return nil, ""
}

// maxWrappers is how many callers without results callerCommit climbs
// through to find the commit after a handler.
const maxWrappers = 2

// callersOf returns the calls of fn in the package's functions: static
// calls, and calls through the parameter of a package function that fn is
// passed to as a function or method value (consume(ctx, r, s.handle)).
func (a *checker) callersOf(fn *ssa.Function) []*ssa.Call {
	if a.callers == nil {
		a.callers = make(map[*ssa.Function][]*ssa.Call)
		passed := make(map[*ssa.Parameter][]*ssa.Function) // parameter → the function values passed to it
		for _, f := range a.funcs {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					var common *ssa.CallCommon
					switch x := instr.(type) {
					case *ssa.Call:
						common = &x.Call
					case *ssa.Go:
						common = &x.Call // go consume(ctx, topic, handler): the handler still runs in the loop
					default:
						continue
					}
					callee := common.StaticCallee()
					if callee == nil {
						continue
					}
					if call, ok := instr.(*ssa.Call); ok {
						a.callers[callee] = append(a.callers[callee], call)
					}
					for i, arg := range common.Args {
						if v := funcValue(arg); v != nil && i < len(callee.Params) {
							passed[callee.Params[i]] = append(passed[callee.Params[i]], v)
						}
					}
				}
			}
		}
		for _, f := range a.funcs {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					if call, ok := instr.(*ssa.Call); ok {
						if p, ok := call.Call.Value.(*ssa.Parameter); ok {
							for _, v := range passed[p] {
								a.callers[v] = append(a.callers[v], call)
							}
						}
					}
				}
			}
		}
	}
	return a.callers[fn]
}

// funcValue returns the function of the package a function or method
// value stands for (s.handle is a closure of a bound method wrapper), or nil.
func funcValue(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		f, _ := x.Fn.(*ssa.Function)
		if f == nil {
			return nil
		}
		if obj, ok := f.Object().(*types.Func); ok && f.Synthetic != "" && f.Prog != nil {
			if m := f.Prog.FuncValue(obj); m != nil {
				return m // the method a bound method wrapper calls
			}
		}
		return f
	case *ssa.ChangeType:
		return funcValue(x.X)
	}
	return nil
}
