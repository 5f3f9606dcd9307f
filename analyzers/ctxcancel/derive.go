package ctxcancel

import (
	"golang.org/x/tools/go/ssa"
)

// Helpers that decorate a context keep its cancellation: a tracing span
// (opentracing.StartSpanFromContext, a project's StartKafkaConsumerTracerSpan),
// a logger or a value put into it. A call that takes one context and
// returns one is followed to its argument: for a function of this package
// when one of its returns comes from that parameter, for a function of
// another package or a library when it is not a known detacher (those are
// matched before, by table, flag or ReturnsDetached fact).

// derivedArg returns the context argument that result idx of call is
// derived from, or nil.
func (s *state) derivedArg(call *ssa.Call, idx int) ssa.Value {
	common := call.Common()
	if common.IsInvoke() {
		return nil
	}
	res := common.Signature().Results()
	if idx >= res.Len() || !isContext(res.At(idx).Type()) {
		return nil
	}
	arg := -1
	for i, a := range common.Args {
		if isContext(a.Type()) {
			if arg >= 0 {
				return nil // two contexts: which one is not known
			}
			arg = i
		}
	}
	if arg < 0 {
		return nil
	}
	callee := common.StaticCallee()
	if callee == nil {
		return nil
	}
	if local := s.reaches.Local(callee); local != nil {
		if !s.returnsParam(local, idx, arg) {
			return nil
		}
	}
	return common.Args[arg]
}

// returnsParam reports whether some return of fn gives result idx a
// context that comes from parameter p (an index into fn.Params, like the
// call's arguments).
func (s *state) returnsParam(fn *ssa.Function, idx, p int) bool {
	if p >= len(fn.Params) {
		return false
	}
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || idx >= len(ret.Results) {
			continue
		}
		for _, o := range s.trace(ret.Results[idx]) {
			if o.kind == oParam && o.fn == fn && o.param == p && o.field == 0 {
				return true
			}
		}
	}
	return false
}
