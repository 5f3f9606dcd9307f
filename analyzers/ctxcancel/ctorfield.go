package ctxcancel

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/calls"
)

// constructorStores returns the values a constructor stores to field of
// the struct it returns (newJob(ctx, tx) returning &job{tx: tx, ctx: ctx}),
// its parameters mapped to the call's arguments: a batch object built by a
// constructor keeps the caller's context as a local composite literal
// does. A constructor of the package with a body is read in SSA when it
// returns the struct it allocates (one level: no constructor calling
// another); any other one — of another package, or returning the struct
// behind an interface or as a copy of its config parameter
// (NewConsumer(cfg Config) Handler { return &cfg }) — by the call layer's
// KeepsParams fact (calls.Result.Keeps), whose bound is its own.
func (s *state) constructorStores(call *ssa.Call, field int) []ssa.Value {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	var out []ssa.Value
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		alloc, ok := ret.Results[0].(*ssa.Alloc)
		if !ok {
			continue
		}
		for _, v := range s.fieldStores(alloc, field) {
			out = append(out, argFor(call, callee, v))
		}
	}
	if len(out) > 0 {
		return out
	}
	return s.keptStores(call, callee, field)
}

// keptStores returns the arguments of call that the callee's KeepsParams
// fact says end in field of its result: the argument itself, or the
// values stored to the field of the argument it names (a config struct
// built by the caller: worker.Config{Context: ctx}).
func (s *state) keptStores(call *ssa.Call, callee *ssa.Function, field int) []ssa.Value {
	obj := calls.DeclaredFunc(callee)
	if obj == nil || s.layer == nil {
		return nil
	}
	off := 0
	if obj.Signature().Recv() != nil {
		off = 1
	}
	return s.keptArgs(&call.Call, off, s.layer.Keeps(obj).Stores(field))
}

// setterStores returns the arguments that call, a call of a method on
// recv, stores in field of *recv by its KeepsParams fact (Recv: a Start
// or Init method that keeps its context in the receiver).
func (s *state) setterStores(call ssa.CallInstruction, recv ssa.Value, field int) []ssa.Value {
	common := call.Common()
	if common.IsInvoke() || len(common.Args) == 0 || common.Args[0] != recv || s.layer == nil {
		return nil
	}
	obj := calls.DeclaredFunc(common.StaticCallee())
	if obj == nil || obj.Signature().Recv() == nil {
		return nil
	}
	return s.keptArgs(common, 1, s.layer.Keeps(obj).RecvStores(field))
}

// keptArgs returns the values of the arguments of call (the receiver at
// off-1) that the entries ks keep: the argument itself, or the values
// stored to the field of it the entry names.
func (s *state) keptArgs(call *ssa.CallCommon, off int, ks []calls.Kept) []ssa.Value {
	var out []ssa.Value
	for _, k := range ks {
		i := k.Param + off
		if i < 0 || i >= len(call.Args) {
			continue
		}
		arg := call.Args[i]
		if k.From == 0 {
			out = append(out, arg)
			continue
		}
		base := arg
		if load, ok := arg.(*ssa.UnOp); ok && load.Op == token.MUL {
			base = load.X // a struct value: the variable it is loaded from
		}
		out = append(out, s.fieldStores(base, k.From-1)...)
	}
	return out
}

// argFor returns the argument of call that v, a parameter of callee,
// receives; any other value as it is.
func argFor(call *ssa.Call, callee *ssa.Function, v ssa.Value) ssa.Value {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return v
	}
	for i, q := range callee.Params {
		if q == p && i < len(call.Call.Args) {
			return call.Call.Args[i]
		}
	}
	return v
}

// capturedParam returns the parameter that v, a load of a variable, reads
// when the variable is the box of a parameter that closures capture (the
// receiver of a method that starts goroutines: c in go func() { c.process(j) }()),
// or nil.
func (s *state) capturedParam(v ssa.Value) *ssa.Parameter {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	addr := load.X
	for range maxStoreDepth {
		fv, ok := addr.(*ssa.FreeVar)
		if !ok {
			break
		}
		if addr = s.binding(fv); addr == nil {
			return nil
		}
	}
	alloc, ok := addr.(*ssa.Alloc)
	if !ok {
		return nil
	}
	stores := s.storesTo(alloc, 0)
	if len(stores) != 1 {
		return nil
	}
	p, ok := stores[0].(*ssa.Parameter)
	if !ok || p.Parent() != alloc.Parent() {
		return nil
	}
	return p
}
