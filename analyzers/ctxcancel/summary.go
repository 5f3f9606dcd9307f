package ctxcancel

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

const maxParamSinks = 8

// summaryOf returns which context parameters of what a call of fn runs
// reach a sink: computed for functions of this package, imported as facts
// for the others (the call layer's SSA skeleton, s.reaches).
func (s *state) summaryOf(fn *ssa.Function) []ParamSink {
	if f := s.reaches.Of(fn); f != nil {
		return f.Sinks
	}
	return nil
}

// summaryOfObj is summaryOf for a declared function or method.
func (s *state) summaryOfObj(fn *types.Func) []ParamSink {
	if f := s.reaches.OfFunc(fn); f != nil {
		return f.Sinks
	}
	return nil
}

// localSummary computes the ReachesSink summary of fn, a function of this
// package with a body (nil: no context parameter reaches a sink). It is
// s.reaches's compute callback: asked again while it runs (recursion), fn
// reaches nothing, and what the cycle adds is seen at its other calls.
func (s *state) localSummary(fn *ssa.Function) *ReachesSink {
	off := 0
	if fn.Signature.Recv() != nil {
		off = 1
	}
	var out []ParamSink
	callInstrs(fn, func(instr ssa.CallInstruction) {
		for _, u := range s.sinkUses(instr) {
			for _, o := range s.useOrigins(u) {
				if o.kind != oParam || o.fn != fn || o.param < off && o.field == 0 {
					continue
				}
				fix, at := u.fix, u.at
				if at == "" || u.port { // the sink, or the interface that reaches it, is called here
					fix, at = s.funcName(fn), s.posText(instr.Pos())
				}
				out = addParamSink(out, ParamSink{
					Fix:     fix,
					At:      at,
					Param:   o.param - off,
					Field:   o.field,
					Kind:    string(u.kind),
					Chain:   u.chain,
					Timed:   o.timed || u.timed,
					Port:    u.portKey,
					PortArg: u.portArg,
					Gate:    u.gate,
					GateFn:  u.gateFn,
				})
			}
		}
	})
	if len(out) == 0 {
		return nil
	}
	return &ReachesSink{Sinks: out}
}

// addParamSink adds p, keeping one entry (the shortest chain) per
// parameter, kind and timeout.
func addParamSink(ps []ParamSink, p ParamSink) []ParamSink {
	for i, x := range ps {
		if x.Param == p.Param && x.Field == p.Field && x.Kind == p.Kind && x.Timed == p.Timed && x.Port == p.Port {
			if len(p.Chain) < len(x.Chain) {
				ps[i] = p
			}
			return ps
		}
	}
	if len(ps) >= maxParamSinks {
		return ps
	}
	return append(ps, p)
}

// returnsDetached returns whether the function common calls returns a
// context derived from context.WithoutCancel.
func (s *state) returnsDetached(common *ssa.CallCommon) *ReturnsDetached {
	if common.IsInvoke() {
		return nil
	}
	var fn *ssa.Function
	switch v := common.Value.(type) {
	case *ssa.Function:
		fn = v
	case *ssa.MakeClosure:
		fn, _ = v.Fn.(*ssa.Function)
	}
	return s.detached.Of(fn)
}

// localDetached computes the ReturnsDetached summary of fn, a function of
// this package with a body (nil: it returns no detached context). It is
// s.detached's compute callback.
func (s *state) localDetached(fn *ssa.Function) *ReturnsDetached {
	res := fn.Signature.Results()
	for i := range res.Len() {
		if !isContext(res.At(i).Type()) {
			continue
		}
		if d, ok := s.resultDetached(fn, i); ok {
			return &ReturnsDetached{Result: i, Deadline: d}
		}
	}
	return nil
}

// resultDetached reports whether every return of fn gives result i a
// detached context, and whether all of them carry a deadline.
func (s *state) resultDetached(fn *ssa.Function, i int) (deadline, ok bool) {
	deadline = true
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet || i >= len(ret.Results) {
			continue
		}
		if _, isConst := ret.Results[i].(*ssa.Const); isConst {
			continue // return nil, err
		}
		os := s.origins(ret.Results[i])
		if len(os) == 0 {
			return false, false
		}
		for _, o := range os {
			if o.kind != oDetached {
				return false, false
			}
			deadline = deadline && o.timed
		}
		ok = true
	}
	return deadline, ok
}
