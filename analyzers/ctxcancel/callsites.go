package ctxcancel

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// A stop loop needs a stoppable context: a loop that stops on ctx.Done()
// makes ctx a shutdown source only when a signal can cancel it. When ctx
// is a parameter of a function all of whose callers the package shows
// (an unexported function, or any function of package main, not taken as
// a value), the loop's context is a shutdown source only if some call
// site passes a context that may be cancelled: context.Background() and
// context.TODO() at every call site make the loop a plain forever loop.
// A function that other packages may call is decided by its callers
// there (stopfacts.go).

// maxCallerDepth bounds the walk up through callers' parameters.
const maxCallerDepth = 4

// isRootContext reports whether v is context.Background() or context.TODO(),
// or a context derived from one that nothing ever cancels: WithValue, or
// WithCancel whose cancel function is only deferred by a function that
// cannot return before the context is done (neverCancelled: a dispatcher
// that starts its workers on context.WithCancel(context.Background()),
// defers cancel and loops forever gives them no shutdown signal).
func isRootContext(v ssa.Value) bool {
	for range maxStoreDepth {
		var call *ssa.Call
		idx := 0
		switch x := v.(type) {
		case *ssa.Call:
			call = x
		case *ssa.Extract:
			call, _ = x.Tuple.(*ssa.Call)
			idx = x.Index
		}
		if call == nil || idx != 0 {
			return false
		}
		d := apis.Describe(calleeObj(call.Common()))
		if d.Path != "context" || d.Recv != "" {
			return false
		}
		switch d.Name {
		case "Background", "TODO":
			return true
		case "WithValue":
		case "WithCancel", "WithCancelCause":
			if !neverCancelled(call) {
				return false
			}
		default:
			return false
		}
		if len(call.Call.Args) == 0 {
			return false
		}
		v = call.Call.Args[0]
	}
	return false
}

// neverCancelled reports whether the context that call (a WithCancel)
// returns is never cancelled: its cancel function is only deferred (or
// unused), and every return of the function lies behind a select case on
// that context's Done — the deferred cancel cannot run before the
// context is done some other way, and nothing else can do it.
func neverCancelled(call *ssa.Call) bool {
	var ctx ssa.Value
	for _, ref := range refsOf(call) {
		ext, ok := ref.(*ssa.Extract)
		if !ok {
			continue
		}
		if ext.Index == 0 {
			ctx = ext
			continue
		}
		for _, use := range refsOf(ext) {
			d, ok := use.(*ssa.Defer)
			if !ok || d.Call.Value != ext || slices.Contains(d.Call.Args, ssa.Value(ext)) {
				return false
			}
		}
	}
	if ctx == nil {
		return false
	}
	var doneCases []*ssa.BasicBlock
	for _, ref := range refsOf(ctx) {
		done, ok := ref.(*ssa.Call)
		if !ok || !done.Call.IsInvoke() || done.Call.Value != ctx || done.Call.Method.Name() != "Done" {
			continue
		}
		for _, r2 := range refsOf(done) {
			sel, ok := r2.(*ssa.Select)
			if !ok {
				continue
			}
			for k, st := range sel.States {
				if st.Chan == done {
					if b := caseBlock(sel, k); b != nil {
						doneCases = append(doneCases, b)
					}
				}
			}
		}
	}
	fn := call.Parent()
	for _, b := range fn.Blocks {
		if b == fn.Recover || len(b.Instrs) == 0 {
			continue
		}
		if _, ret := b.Instrs[len(b.Instrs)-1].(*ssa.Return); !ret {
			continue
		}
		if !slices.ContainsFunc(doneCases, func(c *ssa.BasicBlock) bool { return c.Dominates(b) }) {
			return false // it may return, and its deferred cancel run, while the context is live
		}
	}
	return true
}

// callersVisible reports whether every call of fn is in this package: fn
// is unexported (and, for a method, not callable through an interface of
// another package: its name is unexported too) or belongs to package
// main, and is never used as a value.
func (s *state) callersVisible(fn *ssa.Function) bool {
	if fn.Pkg == nil || fn.Pkg.Pkg != s.pass.Pkg {
		return false
	}
	if s.pass.Pkg.Name() != "main" && token.IsExported(fn.Name()) {
		return false
	}
	return !s.usedAsValue(fn)
}

// callSites returns the calls of fn in the package (go and defer too).
func (s *state) callSites(fn *ssa.Function) []*ssa.CallCommon {
	var out []*ssa.CallCommon
	for _, f := range s.ssa.SrcFuncs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if c := ci.Common(); !c.IsInvoke() && c.StaticCallee() == fn {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// usedAsValue reports whether fn is used other than as the callee of a
// static call: a function value, a method value (its bound wrapper), or a
// method called through an interface.
func (s *state) usedAsValue(fn *ssa.Function) bool {
	for _, f := range s.ssa.SrcFuncs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok {
					c := ci.Common()
					if c.IsInvoke() && c.Method.Name() == fn.Name() {
						return true
					}
					for _, a := range c.Args {
						if refersTo(a, fn) {
							return true
						}
					}
					continue
				}
				for _, op := range instr.Operands(nil) {
					if op != nil && refersTo(*op, fn) {
						return true
					}
				}
			}
		}
	}
	return false
}

// refersTo reports whether v is fn, or a closure or bound method of it.
func refersTo(v ssa.Value, fn *ssa.Function) bool {
	switch v := v.(type) {
	case *ssa.Function:
		return v == fn || v.Synthetic != "" && v.Name() == fn.Name()+"$bound"
	case *ssa.MakeClosure:
		f, _ := v.Fn.(*ssa.Function)
		return f == fn || f != nil && f.Synthetic != "" && f.Name() == fn.Name()+"$bound"
	}
	return false
}
