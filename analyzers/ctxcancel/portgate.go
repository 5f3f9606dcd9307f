package ctxcancel

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/inbox"
)

// An inbox claim made through a port inside a transaction manager's
// callback:
//
//	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
//		fresh, err := w.inbox.Claim(ctx, ev.ID)
//		if err != nil || !fresh {
//			return err
//		}
//		return w.orders.MarkPaid(ctx, ev.OrderID)
//	})
//
// The worker's package sees neither the transaction nor the claim (two
// ports, implemented by adapters wired in main, the transaction carried in
// the context), so internal/inbox cannot call the callback a gated unit.
// The call of the transaction port records the claim port as the gate of
// its sink (ParamSink.Gate, GateFn): a call, in the callback, of a port of
// the project with the callback's own context whose outcome (a result
// other than the error) an if tests. Where the transaction port resolves
// to a commit (portUses at the composition root, invokeUses where the
// implementation is in sight), the commit is a gated one (sinkGatedTx)
// when every implementation of the claim port that the package wires
// claims a key (inbox's ClaimsKey: INSERT ... ON CONFLICT DO NOTHING and
// its outcome returned) and an implementation of the transaction port
// runs the callback inside the transaction it begins
// (calls.ImplRunningInTx). A root that wires an inbox that does not claim
// (a cache) in the same package keeps the commit a plain one.

// claimGate returns the claim port that a call of a port running a
// callback gates its transaction with (calls.MethodKey), and the index
// of the callback among the port's parameters; "" for none.
func (s *state) claimGate(common *ssa.CallCommon) (key string, fnArg int) {
	for i, a := range common.Args {
		f := consume.ClosureFunc(a)
		if f == nil {
			continue
		}
		ctx := ctxParam(f)
		if ctx == nil {
			continue
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !call.Call.IsInvoke() {
					continue
				}
				m := call.Call.Method
				if m.Pkg() == nil || apis.IsStdlib(m.Pkg().Path()) || !s.inAnalysedCode(m.Pkg()) {
					continue
				}
				if ci := firstContextParam(m); ci < 0 || ci >= len(call.Call.Args) || call.Call.Args[ci] != ctx {
					continue
				}
				if outcomeTested(call) {
					return calls.MethodKey(m), i
				}
			}
		}
	}
	return "", 0
}

// ctxParam returns the first context parameter of f, or nil.
func ctxParam(f *ssa.Function) *ssa.Parameter {
	for _, p := range f.Params {
		if isContext(p.Type()) {
			return p
		}
	}
	return nil
}

// outcomeTested reports whether a result of call other than an error (the
// claim's bool or count) decides an if: fresh, err := Claim(...); if !fresh.
func outcomeTested(call *ssa.Call) bool {
	res := call.Call.Signature().Results()
	var vals []ssa.Value
	switch {
	case res.Len() == 1 && !types.Identical(res.At(0).Type(), errorType):
		vals = append(vals, call)
	case res.Len() > 1:
		for _, ref := range refsOf(call) {
			if ex, ok := ref.(*ssa.Extract); ok && !types.Identical(res.At(ex.Index).Type(), errorType) {
				vals = append(vals, ex)
			}
		}
	}
	for _, v := range vals {
		if decidesIf(v, 0) {
			return true
		}
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type()

// decidesIf reports whether v reaches the condition of an if through
// negations, comparisons and phis (at most three steps).
func decidesIf(v ssa.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	for _, ref := range refsOf(v) {
		switch ref := ref.(type) {
		case *ssa.If:
			return true
		case *ssa.UnOp, *ssa.BinOp, *ssa.Phi:
			if decidesIf(ref.(ssa.Value), depth+1) {
				return true
			}
		}
	}
	return false
}

// gateHolds reports whether the claim port key gates the transaction that
// the port txPort runs its callback fnArg in, as this package wires them.
func (s *state) gateHolds(key string, fnArg int, txPort *types.Func) bool {
	res, _ := s.pass.ResultOf[inbox.Analyzer].(*inbox.Result)
	if key == "" || txPort == nil || res == nil || s.layer == nil {
		return false
	}
	claim := s.layer.MethodByKey(key)
	if claim == nil {
		return false
	}
	impls := s.layer.WiredImplementations(claim)
	if len(impls) == 0 {
		return false
	}
	for _, impl := range impls {
		if !res.ClaimsKey(impl) {
			return false
		}
	}
	impl, _ := s.layer.ImplRunningInTx(txPort, fnArg, nil)
	return impl != nil
}
