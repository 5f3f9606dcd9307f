package ctxcancel

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
)

// A use is a context handed to a sink at one call, directly or through a
// function that passes it on.
type use struct {
	instr   ssa.CallInstruction
	arg     ssa.Value // the context argument
	argIdx  int       // its index among the call's arguments, receiver not counted
	kind    apis.SinkKind
	chain   []string      // "processOneBatch", "tx.Commit"
	timed   bool          // the callee adds a deadline on the way
	field   int           // 1 + index of the field of *arg that holds the context; 0: arg itself
	fieldOf types.Type    // the struct type field counts in when arg is an interface (its dynamic type); nil: arg's
	via     *ssa.Function // the function of this package whose summary gives the use; nil for a sink, an interface or another package's function
	fix     string        // from a summary: the function that hands the context to the sink
	at      string        // and where ("worker.go:210")
	port    bool          // a call through a project interface
	portKey string        // kind port: the interface method (ParamSink.Port)
	portArg int           // and the parameter of it the context lands in
	gate    string        // kind port: the claim port gating its callback's transaction (ParamSink.Gate)
	gateFn  int           // and the callback's parameter (ParamSink.GateFn)
}

const maxChain = 5

// sinkUses returns the sinks that instr hands a context to.
func (s *state) sinkUses(instr ssa.CallInstruction) []use {
	common := instr.Common()
	if common == nil {
		return nil
	}
	if common.IsInvoke() {
		kind, i := s.sinkKind(common.Method)
		if kind == "" {
			return s.invokeUses(instr, common)
		}
		if i >= len(common.Args) {
			return nil
		}
		kind = s.gateKind(kind, instr)
		return []use{{instr: instr, arg: common.Args[i], argIdx: i, kind: kind, chain: []string{sinkName(common.Method)}}}
	}
	var callee *ssa.Function
	bound := false
	switch v := common.Value.(type) {
	case *ssa.Function:
		callee = v
	case *ssa.MakeClosure:
		callee, _ = v.Fn.(*ssa.Function)
		bound = callee != nil && isBoundWrapper(callee)
	}
	if callee == nil {
		return nil // a function value of unknown origin
	}
	obj := calls.DeclaredFunc(callee)
	recvOff := 0
	if obj != nil && obj.Signature().Recv() != nil && !bound && callee.Parent() == nil {
		recvOff = 1
	}
	if obj != nil {
		if kind, i := s.sinkKind(obj); kind != "" {
			if i+recvOff >= len(common.Args) {
				return nil
			}
			kind = s.gateKind(kind, instr)
			return []use{{instr: instr, arg: common.Args[i+recvOff], argIdx: i, kind: kind, chain: []string{sinkName(obj)}}}
		}
		if u, ok := s.gormUse(instr, obj, common, recvOff); ok {
			return []use{u}
		}
	}
	out := s.handedUses(instr) // a handler handed to a consume loop (handlerloop.go)
	for _, ps := range s.summaryOf(callee) {
		ai := ps.Param + recvOff
		if ai < 0 || ai >= len(common.Args) || len(ps.Chain) == 0 {
			continue
		}
		if apis.SinkKind(ps.Kind) == sinkPort {
			if s.reaches.Local(callee) == nil { // a use case of another package: resolved here if we can
				out = append(out, s.portUses(instr, s.funcName(callee), common.Args[ai], ps)...)
			} else {
				gate := ps.Gate
				if gate != "" && s.failureCommitsOffset(instr) {
					gate = "" // the unit's failure is committed past: no redelivery
				}
				out = append(out, use{instr: instr, arg: common.Args[ai], argIdx: ps.Param, kind: sinkPort, chain: append([]string{s.funcName(callee)}, ps.Chain...),
					field: ps.Field, via: s.reaches.Local(callee), fix: ps.Fix, at: ps.At, portKey: ps.Port, portArg: ps.PortArg, gate: gate, gateFn: ps.GateFn})
			}
			continue
		}
		chain := append([]string{s.funcName(callee)}, ps.Chain...)
		if len(chain) > maxChain {
			chain = append(chain[:maxChain-1:maxChain-1], chain[len(chain)-1])
		}
		kind := s.dbtxAt(apis.SinkKind(ps.Kind), instr)
		if kind == sinkGatedTx && s.failureCommitsOffset(instr) {
			kind = apis.SinkTx // the unit's failure is committed past: no redelivery
		}
		out = append(out, use{instr: instr, arg: common.Args[ai], argIdx: ps.Param, kind: kind, chain: chain, timed: ps.Timed, field: ps.Field,
			via: s.reaches.Local(callee), fix: ps.Fix, at: ps.At})
	}
	return out
}

// sinkKind returns the kind of sink fn is, and the index of its context
// argument (receiver not counted).
func (s *state) sinkKind(fn *types.Func) (apis.SinkKind, int) {
	if fn == nil {
		return "", -1
	}
	d := apis.Describe(fn)
	if kind, i := apis.ContextSink(d); kind != "" {
		return kind, i
	}
	if s.txSinks.Has(d) {
		return apis.SinkTx, firstContextParam(fn)
	}
	if s.publishSinks.Has(d) {
		return apis.SinkPublish, firstContextParam(fn)
	}
	if fn.Name() == "Commit" && s.implementsPgxTx(fn) {
		return apis.SinkTx, 0
	}
	return "", -1
}

// implementsPgxTx reports whether fn is the Commit method of a type that
// implements pgx's Tx interface (a wrapper, pgxpool's Tx, a mock).
func (s *state) implementsPgxTx(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil || len(s.pgxTx) == 0 {
		return false
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return false // an interface method of unknown implementation
	}
	for _, it := range s.pgxTx {
		if types.Implements(t, it) || types.Implements(types.NewPointer(t), it) {
			return firstContextParam(fn) == 0
		}
	}
	return false
}

func firstContextParam(fn *types.Func) int {
	ps := fn.Signature().Params()
	for i := range ps.Len() {
		if isContext(ps.At(i).Type()) {
			return i
		}
	}
	return -1
}

// sinkName is how a message names a sink: "tx.Commit", "writer.WriteMessages", "pgx.BeginFunc".
func sinkName(fn *types.Func) string {
	d := apis.Describe(fn)
	if d.Recv == "" {
		return fn.Pkg().Name() + "." + d.Name
	}
	r := d.Recv
	if strings.ToUpper(r) == r {
		r = strings.ToLower(r)
	} else {
		r = strings.ToLower(r[:1]) + r[1:]
	}
	return r + "." + d.Name
}

// funcName is how a chain names a function of the analysed code.
func (s *state) funcName(fn *ssa.Function) string {
	if fn.Parent() != nil && calls.DeclaredFunc(fn) == nil {
		return "func literal"
	}
	obj := calls.DeclaredFunc(fn)
	if obj == nil {
		return fn.Name()
	}
	if obj.Pkg() == nil || obj.Pkg() == s.pass.Pkg {
		return obj.Name()
	}
	if recv := obj.Signature().Recv(); recv != nil {
		return obj.Pkg().Name() + "." + apis.TypeName(recv.Type()) + "." + obj.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}
