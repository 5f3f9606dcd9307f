package ctxcancel

import (
	"golang.org/x/tools/go/ssa"
)

const maxParamSinks = 8

// summaryOf returns which context parameters of fn reach a sink: computed
// for functions of this package, imported as facts for the others.
func (s *state) summaryOf(fn *ssa.Function) []ParamSink {
	if f := s.localCallee(fn); f != nil {
		return s.localSummary(f)
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj := funcObj(fn)
	if obj == nil || obj.Pkg() == s.pass.Pkg {
		return nil
	}
	var f ReachesSink
	if s.pass.ImportObjectFact(obj, &f) {
		return f.Sinks
	}
	return nil
}

// localCallee returns the function of this package with a body that a
// call of fn runs (the method behind a bound wrapper, the generic origin),
// or nil.
func (s *state) localCallee(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if isBoundWrapper(fn) || fn.Synthetic != "" {
		if obj := funcObj(fn); obj != nil && obj.Pkg() == s.pass.Pkg {
			if f := s.ssa.Pkg.Prog.FuncValue(obj); f != nil && f != fn {
				fn = f
			}
		}
	}
	if fn.Pkg == s.ssa.Pkg && len(fn.Blocks) > 0 {
		return fn
	}
	return nil
}

func (s *state) localSummary(fn *ssa.Function) []ParamSink {
	if sum, ok := s.sums[fn]; ok {
		return sum
	}
	if s.sumBusy[fn] {
		return nil // recursion: what the cycle adds is seen at its other calls
	}
	s.sumBusy[fn] = true
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
				})
			}
		}
	})
	delete(s.sumBusy, fn)
	s.sums[fn] = out
	return out
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
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg == s.ssa.Pkg && len(fn.Blocks) > 0 {
		return s.localDetached(fn)
	}
	obj := funcObj(fn)
	if obj == nil || obj.Pkg() == s.pass.Pkg {
		return nil
	}
	var f ReturnsDetached
	if s.pass.ImportObjectFact(obj, &f) {
		return &f
	}
	return nil
}

func (s *state) localDetached(fn *ssa.Function) *ReturnsDetached {
	if d, ok := s.dets[fn]; ok {
		return d
	}
	if s.detBusy[fn] {
		return nil
	}
	s.detBusy[fn] = true
	defer delete(s.detBusy, fn)
	var found *ReturnsDetached
	res := fn.Signature.Results()
	for i := range res.Len() {
		if !isContext(res.At(i).Type()) {
			continue
		}
		d, ok := s.resultDetached(fn, i)
		if ok {
			found = &ReturnsDetached{Result: i, Deadline: d}
			break
		}
	}
	s.dets[fn] = found
	return found
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

// exportFacts exports the summaries of the package's functions.
func (s *state) exportFacts() {
	for _, fn := range s.ssa.SrcFuncs {
		obj := funcObj(fn)
		if obj == nil || fn.Parent() != nil || obj.Pkg() != s.pass.Pkg {
			continue
		}
		if sum := s.localSummary(fn); len(sum) > 0 {
			s.pass.ExportObjectFact(obj, &ReachesSink{Sinks: sum})
		}
		if d := s.localDetached(fn); d != nil {
			s.pass.ExportObjectFact(obj, d)
		}
	}
}
