package ctxcancel

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
)

type originKind int

const (
	oParam    originKind = iota + 1 // a parameter of fn
	oSource                         // a shutdown-cancelable context
	oDetached                       // context.WithoutCancel (or a helper returning one)
	oScoped                         // a request's or a test's context: it ends with them, not on shutdown
)

// An origin is where a context value comes from. Values of other origins
// (context.Background, a request's context, a call of unknown code) are not
// tracked: they are neither shutdown signals nor parameters.
type origin struct {
	kind  originKind
	fn    *ssa.Function // oParam
	param int           // oParam: index in fn.Params
	field int           // oParam: 1 + the index of the field of *param it is loaded from; 0: the parameter itself
	timed bool          // a WithTimeout/WithDeadline lies between the origin and the use
	pos   token.Pos     // oSource: the stop signal; oDetached: the detaching call
	what  string        // oSource: what ties it to shutdown
	at    string        // oSource of another package: where ("worker.go:20"); pos is then the call that makes it one
	loop  string        // and the function of the loop ("worker.Worker.Drain")
}

const (
	maxOrigins    = 8
	traceBudget   = 20000 // steps per top-level trace: bounds odd code
	maxStoreDepth = 4
)

func addOrigin(os []origin, o origin) []origin {
	for _, x := range os {
		if x == o {
			return os
		}
	}
	if len(os) >= maxOrigins {
		return os
	}
	return append(os, o)
}

// origins returns the origins of the context value v.
func (s *state) origins(v ssa.Value) []origin {
	s.budget = traceBudget
	return s.trace(v)
}

func (s *state) trace(v ssa.Value) []origin {
	if v == nil {
		return nil
	}
	if o, ok := s.memo[v]; ok {
		return o
	}
	if s.busy[v] {
		s.cycleHit = true
		return nil
	}
	if s.budget <= 0 {
		s.cycleHit = true // incomplete: do not memoize
		return nil
	}
	s.budget--
	s.busy[v] = true
	outerHit := s.cycleHit
	s.cycleHit = false
	var out []origin
	if sig, ok := s.stop[v]; ok {
		out = []origin{{kind: oSource, pos: sig.pos, what: sig.what}}
	} else {
		preds, timed, leaf := s.step(v)
		if leaf != nil {
			out = []origin{*leaf}
		}
		for _, p := range preds {
			for _, o := range s.trace(p) {
				o.timed = o.timed || timed
				out = addOrigin(out, o)
			}
		}
	}
	delete(s.busy, v)
	if !s.cycleHit || len(s.busy) == 0 {
		s.memo[v] = out
	}
	s.cycleHit = s.cycleHit || outerHit
	if len(s.busy) == 0 {
		s.cycleHit = false
	}
	return out
}

// step returns how v derives from other values: a leaf origin, its
// predecessors and whether a deadline is added on the way, or both (a
// receiver's field that the method may also have set itself).
func (s *state) step(v ssa.Value) (preds []ssa.Value, timed bool, leaf *origin) {
	switch v := v.(type) {
	case *ssa.Parameter:
		fn := v.Parent()
		if fn == nil {
			return nil, false, nil
		}
		for i, p := range fn.Params {
			if p == v {
				return nil, false, &origin{kind: oParam, fn: fn, param: i}
			}
		}
	case *ssa.FreeVar:
		if b := s.binding(v); b != nil {
			return []ssa.Value{b}, false, nil
		}
	case *ssa.Phi:
		return v.Edges, false, nil
	case *ssa.MakeInterface:
		return []ssa.Value{v.X}, false, nil
	case *ssa.ChangeInterface:
		return []ssa.Value{v.X}, false, nil
	case *ssa.ChangeType:
		return []ssa.Value{v.X}, false, nil
	case *ssa.TypeAssert:
		if !v.CommaOk {
			return []ssa.Value{v.X}, false, nil
		}
	case *ssa.Extract:
		switch t := v.Tuple.(type) {
		case *ssa.Call:
			return s.callStep(t, v.Index)
		case *ssa.TypeAssert:
			if v.Index == 0 {
				return []ssa.Value{t.X}, false, nil
			}
		}
	case *ssa.Call:
		return s.callStep(v, 0)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			if fa, ok := v.X.(*ssa.FieldAddr); ok {
				if preds, o := s.paramFieldFlow(fa.X, fa.Field, v); o != nil || len(preds) > 0 {
					return preds, false, o
				}
			}
			return s.loads(v.X, v, 0), false, nil
		}
	case *ssa.Field:
		if load, ok := v.X.(*ssa.UnOp); ok && load.Op == token.MUL {
			if preds, o := s.paramFieldFlow(load.X, v.Field, v); o != nil || len(preds) > 0 {
				return preds, false, o
			}
			return s.fieldStores(load.X, v.Field), false, nil
		}
	}
	return nil, false, nil
}

// paramField returns the origin of field of the struct that base points
// to when base is a parameter (a batch object handed to a method or
// helper), or nil.
func (s *state) paramField(base ssa.Value, field int) *origin {
	p := s.baseParam(base)
	if p == nil {
		return nil
	}
	for i, x := range p.Parent().Params {
		if x == p {
			return &origin{kind: oParam, fn: p.Parent(), param: i, field: field + 1}
		}
	}
	return nil
}

// baseParam returns the parameter that base, a pointer to a struct, is
// (also as seen from closures, or boxed for them), or nil.
func (s *state) baseParam(base ssa.Value) *ssa.Parameter {
	for range maxStoreDepth {
		fv, ok := base.(*ssa.FreeVar)
		if !ok {
			break
		}
		if base = s.binding(fv); base == nil {
			return nil
		}
	}
	p, ok := base.(*ssa.Parameter)
	if !ok {
		p = s.capturedParam(base)
	}
	if p == nil || p.Parent() == nil {
		return nil
	}
	return p
}

// fieldOrigins returns the origins of field (1 + index) of the struct that
// the pointer v points to, as the call at reads it.
func (s *state) fieldOrigins(v ssa.Value, field int, at ssa.Instruction) []origin {
	var out []origin
	if preds, o := s.paramFieldFlow(v, field-1, at); o != nil || len(preds) > 0 {
		if o != nil {
			out = append(out, *o)
		}
		for _, p := range preds {
			for _, o := range s.origins(p) {
				out = addOrigin(out, o)
			}
		}
		return out
	}
	base := s.norm(v)
	for _, st := range s.fieldStores(base, field-1) {
		for _, o := range s.origins(st) {
			out = addOrigin(out, o)
		}
	}
	return out
}

// useOrigins returns the origins of the context a use hands to its sink.
func (s *state) useOrigins(u use) []origin {
	if u.field > 0 {
		return s.fieldOrigins(u.arg, u.field, u.instr)
	}
	return s.origins(u.arg)
}

// callStep is step for result idx of call.
func (s *state) callStep(call *ssa.Call, idx int) ([]ssa.Value, bool, *origin) {
	common := call.Common()
	fn := calleeObj(common)
	if fn == nil {
		return nil, false, nil
	}
	d := apis.Describe(fn)
	args := common.Args
	arg0 := func() []ssa.Value {
		if len(args) == 0 {
			return nil
		}
		return args[:1]
	}
	switch {
	case d.Path == "context" && d.Recv == "":
		switch d.Name {
		case "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause":
			if idx == 0 {
				return arg0(), true, nil
			}
		case "WithValue", "WithCancel", "WithCancelCause":
			if idx == 0 {
				if sig, ok := s.cancelSig[call]; ok {
					return nil, false, &origin{kind: oSource, pos: sig.pos, what: sig.what}
				}
				return arg0(), false, nil
			}
		case "WithoutCancel":
			return nil, false, &origin{kind: oDetached, pos: call.Pos()}
		}
		return nil, false, nil
	case idx == 0 && apis.IsScopedContext(d):
		return nil, false, &origin{kind: oScoped, pos: call.Pos()}
	case d.Path == "os/signal" && d.Name == "NotifyContext" && idx == 0:
		return nil, false, &origin{kind: oSource, pos: call.Pos(), what: "signal.NotifyContext"}
	case d.Path == "golang.org/x/sync/errgroup" && d.Name == "WithContext" && idx == 1:
		return arg0(), false, nil
	case idx == 0 && isDetacher(d):
		deadline, _ := apis.ContextDetacher(d)
		return nil, false, &origin{kind: oDetached, pos: call.Pos(), timed: deadline}
	case s.detachers.Has(d) && idx == 0:
		return nil, false, &origin{kind: oDetached, pos: call.Pos()}
	}
	if rd := s.returnsDetached(common); rd != nil && rd.Result == idx {
		return nil, false, &origin{kind: oDetached, pos: call.Pos(), timed: rd.Deadline}
	}
	if a := s.derivedArg(call, idx); a != nil {
		return []ssa.Value{a}, false, nil // a decorated context (derive.go)
	}
	return nil, false, nil
}

// calleeObj returns the function or method common calls, when it is known.
func calleeObj(common *ssa.CallCommon) *types.Func {
	if common.IsInvoke() {
		return common.Method
	}
	switch v := common.Value.(type) {
	case *ssa.Function:
		return calls.DeclaredFunc(v)
	case *ssa.MakeClosure:
		if f, ok := v.Fn.(*ssa.Function); ok {
			return calls.DeclaredFunc(f)
		}
	}
	return nil
}

// binding returns the value a closure's free variable is bound to.
func (s *state) binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	if fn == nil {
		return nil
	}
	mc := s.closures[fn]
	if mc == nil {
		return nil
	}
	for i, f := range fn.FreeVars {
		if f == fv && i < len(mc.Bindings) {
			return mc.Bindings[i]
		}
	}
	return nil
}

// loads returns the values the load at reads from addr: for a variable,
// the values it can hold there (see reaching).
func (s *state) loads(addr ssa.Value, at ssa.Instruction, depth int) []ssa.Value {
	if depth > maxStoreDepth {
		return nil
	}
	switch a := addr.(type) {
	case *ssa.Alloc, *ssa.FreeVar:
		return s.reaching(a, at, depth)
	case *ssa.FieldAddr:
		return s.fieldStores(a.X, a.Field)
	}
	return nil
}

// storesTo returns the values stored to addr, also from closures that
// capture it.
func (s *state) storesTo(addr ssa.Value, depth int) []ssa.Value {
	if depth > maxStoreDepth {
		return nil
	}
	var out []ssa.Value
	refs := addr.Referrers()
	if refs == nil {
		return nil
	}
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr == addr {
				out = append(out, ref.Val)
			}
		case *ssa.MakeClosure:
			if f, ok := ref.Fn.(*ssa.Function); ok {
				for i, b := range ref.Bindings {
					if b == addr && i < len(f.FreeVars) {
						out = append(out, s.storesTo(f.FreeVars[i], depth+1)...)
					}
				}
			}
		}
	}
	return out
}

// fieldStores returns the values stored to field of the struct that base
// points to: a local batch object, also as seen from closures.
func (s *state) fieldStores(base ssa.Value, field int) []ssa.Value {
	for range maxStoreDepth {
		fv, ok := base.(*ssa.FreeVar)
		if !ok {
			break
		}
		b := s.binding(fv)
		if b == nil {
			return nil
		}
		base = b
	}
	switch b := base.(type) {
	case *ssa.Alloc:
	case *ssa.Call:
		return s.constructorStores(b, field) // ctorfield.go
	default:
		return nil // a parameter's or a global's field: of unknown origin
	}
	var out []ssa.Value
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		refs := v.Referrers()
		if refs == nil || depth > maxStoreDepth {
			return
		}
		for _, ref := range *refs {
			switch ref := ref.(type) {
			case *ssa.FieldAddr:
				if ref.X == v && ref.Field == field {
					out = append(out, s.storesTo(ref, maxStoreDepth)...)
				}
			case ssa.CallInstruction:
				out = append(out, s.setterStores(ref, v, field)...) // methodfield.go
			case *ssa.MakeClosure:
				if f, ok := ref.Fn.(*ssa.Function); ok {
					for i, b := range ref.Bindings {
						if b == v && i < len(f.FreeVars) {
							visit(f.FreeVars[i], depth+1)
						}
					}
				}
			}
		}
	}
	visit(base, 0)
	return out
}

// isDetacher reports whether d is one of the known detachers
// (apis.ContextDetacher), such as idemlint's own ctxutil.Detached.
func isDetacher(d apis.Func) bool {
	_, ok := apis.ContextDetacher(d)
	return ok
}
