package ctxcancel

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// A worker hands its handler to the service's own consume loop
// (c.Run(ctx, w.Handle), the loop in another package); the loop passes
// its context parameter to the handler for each message
// (consume.RunsHandler). The context given to the loop then reaches what
// the handler's context reaches: the call that hands the handler over is
// a use of that context, with the handler's sinks behind the loop.

// handedUses returns the sinks a call hands a context to through a
// handler it hands to a consume loop of the analysed code: the sinks the
// handler's context parameter reaches (its summary), reached through the
// loop's context argument.
func (s *state) handedUses(instr ssa.CallInstruction) []use {
	res, _ := s.pass.ResultOf[consume.Analyzer].(*consume.Result)
	var out []use
	for _, h := range res.HandedSSA(instr.Common()) {
		if h.Ctx == nil || h.Run.CtxArg < 0 {
			continue
		}
		fn := consume.ClosureFunc(h.Arg)
		if ct, ok := h.Arg.(*ssa.ChangeType); ok {
			fn = consume.ClosureFunc(ct.X) // bus.Handler(w.Handle)
		}
		if fn == nil {
			continue
		}
		loop := loopName(s, h.Loop)
		for _, ps := range s.summaryOf(fn) {
			if ps.Param != h.Run.CtxArg || ps.Field != 0 || len(ps.Chain) == 0 {
				continue
			}
			chain := append([]string{loop, s.funcName(fn)}, ps.Chain...)
			if len(chain) > maxChain {
				chain = append(chain[:maxChain-1:maxChain-1], chain[len(chain)-1])
			}
			kind := apis.SinkKind(ps.Kind)
			if kind == sinkGatedTx && (h.Run.First || h.Run.Go) {
				kind = apis.SinkTx // the loop commits without waiting for the unit: no redelivery
			}
			u := use{instr: instr, arg: h.Ctx, argIdx: h.Run.Ctx, kind: kind, chain: chain, timed: ps.Timed,
				via: s.reaches.Local(fn), fix: ps.Fix, at: ps.At}
			if kind == sinkPort {
				if u.via == nil {
					out = append(out, s.portUses(instr, loop, h.Ctx, ps)...)
					continue
				}
				u.portKey, u.portArg = ps.Port, ps.PortArg
				if !h.Run.First && !h.Run.Go {
					u.gate, u.gateFn = ps.Gate, ps.GateFn // an inbox claim through a port in the handler's tx callback (portgate.go)
				}
			}
			out = append(out, u)
		}
	}
	return out
}

// loopName is how a chain names a consume loop, as funcName names a
// declared function: "msgbus.Consumer.Run".
func loopName(s *state, fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		name = apis.TypeName(recv.Type()) + "." + name
	}
	if fn.Pkg() == nil || fn.Pkg() == s.pass.Pkg {
		return name
	}
	return fn.Pkg().Name() + "." + name
}
