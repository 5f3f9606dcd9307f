package ctxcancel

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// invokeUses returns the sinks a call through an interface method hands a
// context to, resolved by the call layer: the implementations in sight
// (the package and its direct imports, test files excluded), each of
// which must pass that context parameter to a sink of the same kind; with
// none in sight, a library sink whose name and signature the method
// mirrors (a project's Producer interface with WriteMessages(ctx, ...kafka.Message) error).
func (s *state) invokeUses(instr ssa.CallInstruction, common *ssa.CallCommon) []use {
	m := common.Method
	if s.layer == nil || m == nil {
		return nil
	}
	impls := s.layer.Implementations(m)
	dynamic := s.keptMethod(common.Value, m)
	if dynamic != nil {
		impls = []*types.Func{dynamic} // the value's dynamic type is known: its method is the one that runs
	}
	if len(impls) == 0 {
		lib := s.layer.Mirror(m, s.sinkSet())
		if lib == nil {
			return s.pendingPortUse(instr, m)
		}
		kind, i := s.sinkKind(lib)
		if kind == "" || i < 0 || i >= len(common.Args) {
			return nil
		}
		return []use{{instr: instr, arg: common.Args[i], argIdx: i, kind: kind, chain: []string{funcname.Code(m, s.pass.Pkg), sinkName(lib)}, port: true}}
	}
	common0 := s.sharedSinks(impls)
	var out []use
	for _, ps := range common0 {
		if ps.Param >= len(common.Args) || len(ps.Chain) == 0 || ps.Param < 0 && (dynamic == nil || ps.Field == 0) {
			continue
		}
		arg := common.Value // the receiver's field: known for a value of known dynamic type only
		if ps.Param >= 0 {
			arg = common.Args[ps.Param]
		}
		chain := []string{funcname.Code(m, s.pass.Pkg)}
		if _, lib := s.sinkKind(impls[0]); lib < 0 {
			chain = append(chain, funcname.Code(impls[0], s.pass.Pkg)) // a library sink names itself
		}
		chain = append(chain, ps.Chain...)
		if len(chain) > maxChain {
			chain = append(chain[:maxChain-1:maxChain-1], chain[len(chain)-1])
		}
		u := use{instr: instr, arg: arg, argIdx: ps.Param, kind: s.dbtxAt(apis.SinkKind(ps.Kind), instr), chain: chain, timed: ps.Timed, field: ps.Field, port: true}
		if plainKind(u.kind) == apis.SinkTx {
			if gate, fnArg := s.claimGate(common); s.gateHolds(gate, fnArg, m) && !s.failureCommitsOffset(instr) {
				u.kind = sinkGatedTx // an inbox claim through a port in the callback (portgate.go)
			}
		}
		if ps.Param < 0 {
			u.fieldOf = dynamic.Signature().Recv().Type()
		}
		if impls[0].Pkg() != s.pass.Pkg { // implemented in another package: name where it reaches the sink there
			u.fix, u.at = ps.Fix, ps.At
		}
		out = append(out, u)
	}
	return out
}

// sharedSinks returns the sinks that every implementation reaches with
// the same parameter: a library sink it is itself, or its summary.
func (s *state) sharedSinks(impls []*types.Func) []ParamSink {
	var shared []ParamSink
	for k, impl := range impls {
		var sinks []ParamSink
		if kind, i := s.sinkKind(impl); kind != "" {
			sinks = []ParamSink{{Param: i, Kind: string(kind), Chain: []string{sinkName(impl)}}}
		} else {
			sinks = s.summaryOfObj(impl)
		}
		if k == 0 {
			shared = sinks
			continue
		}
		shared = keepShared(shared, sinks)
	}
	return shared
}

func keepShared(a, b []ParamSink) []ParamSink {
	var out []ParamSink
	for _, x := range a {
		for _, y := range b {
			if x.Param == y.Param && x.Field == y.Field && x.Kind == y.Kind {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// sinkSet returns the library sinks of the tables and flags.
func (s *state) sinkSet() *apis.Set {
	if s.sinks == nil {
		s.sinks = apis.TxContextSinks()
		s.sinks.AddSet(apis.PublishContextSinks())
		s.sinks.AddSet(s.txSinks)
		s.sinks.AddSet(s.publishSinks)
	}
	return s.sinks
}

// keptMethod returns the method a call of the interface method m on v
// runs when v is the result of a constructor whose dynamic type the call
// layer knows (calls.KeepsParams: NewConsumer(cfg) returning &cfg as a
// Handler), or nil. A receiver's field (the context a Start method's
// goroutines use) is then followed into the constructor's arguments.
func (s *state) keptMethod(v ssa.Value, m *types.Func) *types.Func {
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return nil
	}
	ctor := calls.DeclaredFunc(call.Call.StaticCallee())
	if ctor == nil {
		return nil
	}
	return s.layer.KeptMethod(ctor, m)
}
