package ctxcancel

import (
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
)

// A stop loop whose context comes from a parameter of an exported function
// (callers in other packages) is a shutdown source only if some call site
// in the analysed code passes a context that may be cancelled. The loop's
// package cannot see those call sites: its importers are analysed after it
// and no fact travels back. By default such a loop is judged alone (a
// source), so that the finding stays in the loop's package, where the fix
// goes. With -callerstops the decision is deferred instead, at the price
// of reporting at the caller's call:
// when no call site in the package decides it, the loop is not a source
// there, the parameter stays in the function's ReachesSink summary, and a
// StopsOn fact records the stop signal on the parameter. A package that
// calls the function decides: an argument that may be cancelled (a signal
// context, one with a cancel of its own, a parameter whose callers may
// pass one) makes the loop a shutdown source and the finding is made at
// that call (the only place that can report it), naming the loop, the
// function that must change and its line; context.Background(), TODO or a
// detached context at every call leave it silent; an argument that is a
// parameter of an exported function of the calling package defers again
// (the fact moves up to that function). With no caller in the analysed
// code, the loop is not reported: nothing says a signal can stop it.

// StopsOn is the fact that a function's loop stops on a context parameter:
// a shutdown source when a caller passes a context that may be cancelled.
type StopsOn struct {
	Stops []ParamStop
}

// A ParamStop is a context parameter (counted without the receiver) that a
// loop stops on, with the stop signal ("ctx.Done()"), where it is
// ("worker.go:20") and in which function ("worker.Worker.Drain").
type ParamStop struct {
	Param int
	What  string
	At    string
	Func  string
}

func (*StopsOn) AFact() {}

func (f *StopsOn) String() string {
	s := "stopsOn"
	for _, p := range f.Stops {
		s += fmt.Sprintf(" p%d:%s@%s", p.Param, p.What, p.At)
	}
	return s
}

// stopRoots classifies the origins of a stop loop's context: local reports
// that some origin may be cancelled as far as this package can tell (a
// source of its own, an origin of unknown code, a call site passing a
// cancelable context); roots are the parameters of functions other
// packages call that the decision is deferred to.
func (s *state) stopRoots(ctx ssa.Value) (local bool, roots []paramKey) {
	if isRootContext(s.norm(ctx)) {
		return false, nil // nothing cancels it: a loop that never stops on it
	}
	os := s.origins(ctx)
	if len(os) == 0 {
		return true, nil
	}
	for _, o := range os {
		if o.kind != oParam || o.field != 0 {
			return true, nil
		}
		l, r := s.paramRoots(o.fn, o.param, 0)
		if l {
			return true, nil
		}
		roots = append(roots, r...)
	}
	return false, roots
}

// paramRoots is stopRoots for parameter i of fn.
func (s *state) paramRoots(fn *ssa.Function, i, depth int) (local bool, roots []paramKey) {
	if fn == nil || depth > maxCallerDepth || fn.Parent() != nil || s.usedAsValue(fn) {
		return true, nil
	}
	visible := s.callersVisible(fn)
	sites := s.callSites(fn)
	if visible && len(sites) == 0 {
		return true, nil // no caller in sight: nothing says the context stays up
	}
	for _, c := range sites {
		if i >= len(c.Args) {
			return true, nil
		}
		l, r := s.argRoots(c.Args[i], depth)
		if l {
			return true, nil
		}
		roots = append(roots, r...)
	}
	if !visible {
		if !callerStops {
			return true, nil // judged on its loop alone, where the fix goes
		}
		if fn.Pkg == nil || fn.Pkg.Pkg != s.pass.Pkg || calls.DeclaredFunc(fn) == nil {
			return true, nil
		}
		roots = append(roots, paramKey{fn: fn, param: i})
	}
	return false, roots
}

// argRoots classifies a context argument like stopRoots.
func (s *state) argRoots(v ssa.Value, depth int) (local bool, roots []paramKey) {
	if isRootContext(s.norm(v)) {
		return false, nil
	}
	os := s.origins(v)
	if len(os) == 0 {
		return true, nil // from code that is not followed
	}
	for _, o := range os {
		switch o.kind {
		case oSource:
			return true, nil
		case oParam:
			if o.field != 0 {
				return true, nil
			}
			l, r := s.paramRoots(o.fn, o.param, depth+1)
			if l {
				return true, nil
			}
			roots = append(roots, r...)
		}
	}
	return false, roots
}

// deferStop records a stop loop whose decision is deferred to the callers
// of roots.
func (s *state) deferStop(roots []paramKey, sig ParamStop) {
	for _, k := range roots {
		if _, ok := s.condStop[k]; !ok {
			s.condStop[k] = sig
		}
	}
}

// importedStops applies the StopsOn facts of the functions of other
// packages this package calls: an argument that may be cancelled makes
// the callee's loop a shutdown source at the call; a parameter of an
// exported function defers again. It runs before the sinks are checked.
func (s *state) importedStops() {
	for _, fn := range s.ssa.SrcFuncs {
		eachCall(fn, func(instr ssa.CallInstruction) {
			common := instr.Common()
			if common.IsInvoke() {
				return
			}
			callee := common.StaticCallee()
			if callee == nil || s.reaches.Local(callee) != nil {
				return
			}
			f := s.stops.Of(callee) // imported: a function of another package
			if f == nil {
				return
			}
			obj := calls.DeclaredFunc(callee)
			off := 0
			if obj.Signature().Recv() != nil && !isBoundWrapper(callee) {
				off = 1
			}
			for _, p := range f.Stops {
				ai := p.Param + off
				if ai < 0 || ai >= len(common.Args) {
					continue
				}
				local, roots := s.argRoots(common.Args[ai], 0)
				switch {
				case local:
					s.importedStop[argAt{instr, p.Param}] = p
				case len(roots) > 0:
					s.deferStop(roots, p)
				}
			}
		})
	}
}

// argAt is a context argument of a call (counted without the receiver).
type argAt struct {
	instr ssa.CallInstruction
	param int
}

// importedSource returns the shutdown origin a use gets from the stop
// loop of the function of another package it calls, if any.
func (s *state) importedSource(u use) (origin, bool) {
	p, ok := s.importedStop[argAt{u.instr, u.argIdx}]
	if !ok || u.field != 0 {
		return origin{}, false
	}
	return origin{kind: oSource, pos: u.instr.Pos(), what: p.What, at: p.At, loop: p.Func}, true
}

// deferredStops computes the StopsOn summary of fn, a function of this
// package: the stop loops deferred to the callers of its context
// parameters (nil: none). It is s.stops's compute callback, asked for
// when the facts are exported, once findStopSignals and importedStops
// have deferred every loop.
func (s *state) deferredStops(fn *ssa.Function) *StopsOn {
	off := 0
	if fn.Signature.Recv() != nil {
		off = 1
	}
	var stops []ParamStop
	for k, sig := range s.condStop {
		if k.fn != fn || k.param-off < 0 {
			continue
		}
		sig.Param = k.param - off
		stops = append(stops, sig)
	}
	if len(stops) == 0 {
		return nil
	}
	slices.SortFunc(stops, func(a, b ParamStop) int { return a.Param - b.Param })
	return &StopsOn{Stops: stops}
}

// stopHere describes a stop signal of this package for a StopsOn fact.
func (s *state) stopHere(fn *ssa.Function, pos token.Pos, what string) ParamStop {
	return ParamStop{What: what, At: s.posText(pos), Func: s.qualName(fn)}
}

// qualName names fn for another package: "worker.Worker.Drain".
func (s *state) qualName(fn *ssa.Function) string {
	obj := calls.DeclaredFunc(fn)
	if obj == nil {
		return fn.Name()
	}
	name := obj.Pkg().Name() + "."
	if recv := obj.Signature().Recv(); recv != nil {
		name += apis.TypeName(recv.Type()) + "."
	}
	return name + obj.Name()
}
