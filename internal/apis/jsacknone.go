package apis

import (
	"go/constant"
	"go/token"
	"go/types"
)

// JetStream consumers that need no acks: with nats.go's nats.AckNone()
// subscribe option, or a jetstream ConsumerConfig whose AckPolicy is
// AckNonePolicy, the server takes each message as acknowledged when it
// delivers it — an ack before any of the handler's work.

// jetStreamSubscribes take a message handler: the index of the handler
// among the arguments (the receiver not counted); the options are last.
var jetStreamSubscribes = map[Func]int{
	{Path: natsGo, Recv: "JetStream", Name: "Subscribe"}:      1, // Subscribe(subj, cb, opts...)
	{Path: natsGo, Recv: "JetStream", Name: "QueueSubscribe"}: 2, // QueueSubscribe(subj, queue, cb, opts...)
}

var natsAckNone = Func{Path: natsGo, Name: "AckNone"}

// jetStreamCreateConsumers make a consumer from a ConsumerConfig, their
// last argument (on the JetStream client and on a Stream).
var jetStreamCreateConsumers = NewSet(
	Func{Path: jetstream, Recv: "StreamConsumerManager", Name: "CreateOrUpdateConsumer"},
	Func{Path: jetstream, Recv: "StreamConsumerManager", Name: "CreateConsumer"},
	Func{Path: jetstream, Recv: "StreamConsumerManager", Name: "UpdateConsumer"},
	Func{Path: jetstream, Recv: "ConsumerManager", Name: "CreateOrUpdateConsumer"},
	Func{Path: jetstream, Recv: "ConsumerManager", Name: "CreateConsumer"},
	Func{Path: jetstream, Recv: "ConsumerManager", Name: "UpdateConsumer"},
)

// jetStreamConsumes run a message handler, their first argument, for each
// message of a consumer.
var jetStreamConsumes = NewSet(
	Func{Path: jetstream, Recv: "Consumer", Name: "Consume"},
	Func{Path: jetstream, Recv: "PushConsumer", Name: "Consume"},
)

// JetStreamSubscribeHandlerArg returns the index of the message handler
// of a nats.go JetStream subscribe taking one (the receiver not counted),
// or -1.
func JetStreamSubscribeHandlerArg(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	if i, ok := jetStreamSubscribes[Describe(fn)]; ok {
		return i
	}
	return -1
}

// IsNATSAckNone reports whether fn is nats.AckNone, the subscribe option
// of a consumer that needs no acks.
func IsNATSAckNone(fn *types.Func) bool { return fn != nil && Describe(fn) == natsAckNone }

// IsJetStreamCreateConsumer reports whether fn makes a jetstream consumer
// from a ConsumerConfig (its last argument).
func IsJetStreamCreateConsumer(fn *types.Func) bool { return jetStreamCreateConsumers.Match(fn) }

// IsJetStreamConsume reports whether fn runs a handler (its first
// argument) for each message of a jetstream consumer.
func IsJetStreamConsume(fn *types.Func) bool { return jetStreamConsumes.Match(fn) }

// IsJetStreamConsumerConfig reports whether t is the jetstream package's
// ConsumerConfig.
func IsJetStreamConsumerConfig(t types.Type) bool { return isLibType(t, jetstream, "ConsumerConfig") }

// JetStreamAckPolicyField is the ConsumerConfig field of the ack policy.
const JetStreamAckPolicyField = "AckPolicy"

// IsJetStreamAckNonePolicy reports whether a constant of type t is the
// jetstream package's AckNonePolicy (its value is read from the package:
// nats.go's own AckPolicy numbers the policies differently).
func IsJetStreamAckNonePolicy(t types.Type, v constant.Value) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || v == nil || n.Obj().Pkg() == nil || n.Obj().Name() != "AckPolicy" {
		return false
	}
	if NormPath(n.Obj().Pkg().Path()) != jetstream {
		return false
	}
	c, ok := n.Obj().Pkg().Scope().Lookup("AckNonePolicy").(*types.Const)
	return ok && constant.Compare(c.Val(), token.EQL, v)
}
