package ctxcancel

import (
	"go/token"

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

// isRootContext reports whether v is context.Background() or context.TODO().
func isRootContext(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	d := apis.Describe(calleeObj(call.Common()))
	return d.Path == "context" && d.Recv == "" && (d.Name == "Background" || d.Name == "TODO")
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
