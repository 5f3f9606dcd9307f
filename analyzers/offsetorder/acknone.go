package offsetorder

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/report"
)

// checkAckNone reports a JetStream consumer that needs no acks — nats.go's
// Subscribe with nats.AckNone(), or a jetstream consumer created here from
// a ConsumerConfig with AckPolicy AckNonePolicy and run with Consume —
// whose handler does durable work: the server takes each message as
// acknowledged when it delivers it, before the handler's work, so a crash
// during the work loses it. A configuration out of sight is left alone.
func (a *checker) checkAckNone(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			obj, _ := consume.CalleeOf(&call.Call)
			args := call.Call.Args
			if !call.Call.IsInvoke() && obj != nil && obj.Signature().Recv() != nil && len(args) > 0 {
				args = args[1:] // a static method call passes the receiver first
			}
			switch {
			case apis.JetStreamSubscribeHandlerArg(obj) >= 0:
				i := apis.JetStreamSubscribeHandlerArg(obj)
				if i >= len(args) || !a.subscribesAckNone(args[len(args)-1]) {
					continue
				}
				if work := a.handlerWork(args[i]); work != "" {
					a.reportAckNone(call, "with nats.AckNone()", work)
				}
			case apis.IsJetStreamConsume(obj) && call.Call.IsInvoke() && len(args) > 0:
				create := a.ackNoneConsumer(call.Call.Value)
				if create == nil {
					continue
				}
				if work := a.handlerWork(args[0]); work != "" {
					a.reportAckNone(create, "from a ConsumerConfig with AckPolicy AckNonePolicy", work)
				}
			}
		}
	}
}

func (a *checker) reportAckNone(at *ssa.Call, how, work string) {
	obj, _ := consume.CalleeOf(&at.Call)
	a.r.Report(a.RangeOf(at), fmt.Sprintf(
		"%s %s: JetStream takes each message as acknowledged when it delivers it, before the handler's %s: a crash in between loses the message for good; keep the default AckExplicit policy and Ack after the work",
		a.Name(obj), how, work),
		report.Category("acknone"))
}

// subscribesAckNone reports whether a subscribe's variadic options,
// written in sight, include nats.AckNone().
func (a *checker) subscribesAckNone(opts ssa.Value) bool {
	fns, _ := consume.VariadicCalls(opts)
	for _, f := range fns {
		if apis.IsNATSAckNone(f) {
			return true
		}
	}
	return false
}

// ackNoneConsumer returns the call creating the jetstream consumer v (in
// this function) when its ConsumerConfig, written here, sets AckPolicy to
// AckNonePolicy; nil otherwise.
func (a *checker) ackNoneConsumer(v ssa.Value) *ssa.Call {
	ext, ok := v.(*ssa.Extract)
	if !ok || ext.Index != 0 {
		return nil
	}
	create, ok := ext.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	obj, _ := consume.CalleeOf(&create.Call)
	if !apis.IsJetStreamCreateConsumer(obj) || len(create.Call.Args) == 0 {
		return nil
	}
	cfg := create.Call.Args[len(create.Call.Args)-1]
	load, ok := cfg.(*ssa.UnOp)
	if !ok || !apis.IsJetStreamConsumerConfig(cfg.Type()) {
		return nil
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil
	}
	st, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	s, ok := st.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.Field >= s.NumFields() || s.Field(fa.Field).Name() != apis.JetStreamAckPolicyField || fa.Referrers() == nil {
			continue
		}
		for _, r := range *fa.Referrers() {
			if store, ok := r.(*ssa.Store); ok {
				if c, ok := store.Val.(*ssa.Const); ok && apis.IsJetStreamAckNonePolicy(c.Type(), c.Value) {
					return create
				}
			}
		}
	}
	return nil
}

// handlerWork returns the chain by which a message handler passed as a
// value (a function literal, a function or a method value of this
// package) does durable work, or "".
func (a *checker) handlerWork(h ssa.Value) string {
	f := consume.ClosureFunc(h)
	if c, ok := h.(*ssa.ChangeType); ok {
		f = consume.ClosureFunc(c.X) // nats.MsgHandler(fn)
	}
	if f == nil {
		return ""
	}
	obj, _ := f.Object().(*types.Func)
	local := a.LocalFunc(obj, f)
	if local == nil {
		return ""
	}
	if s := a.Summarize(local); s.Durable != "" {
		return consume.Chain(a.FuncName(obj, local), s.Durable)
	}
	return ""
}
