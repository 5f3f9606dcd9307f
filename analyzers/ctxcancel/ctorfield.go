package ctxcancel

import "golang.org/x/tools/go/ssa"

// constructorStores returns the values a constructor of the analysed
// package stores to field of the struct it returns (newJob(ctx, tx)
// returning &job{tx: tx, ctx: ctx}), its parameters mapped to the call's
// arguments: a batch object built by a constructor keeps the caller's
// context as a local composite literal does. The bound: a static callee
// with a body (the package's own functions), one level (no constructor
// calling another), and only the first result, when it is the struct the
// callee allocates.
func (s *state) constructorStores(call *ssa.Call, field int) []ssa.Value {
	callee := call.Call.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 {
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
