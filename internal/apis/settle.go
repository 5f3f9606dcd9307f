package apis

import "go/types"

// How a consumer settles a message whose processing failed: handing it
// back for redelivery, ending it on purpose, or dropping it. skipcommit
// asks these to tell a failure that is dealt with from one that is passed
// over (see also ack.go for the acks and kafka.go for the offset commits).

// redeliveries hand the message back: the broker delivers it again (a
// negative ack, a JetStream Nak) or the consumer rewinds to it (a seek).
var redeliveries = NewSet(
	Func{Path: natsGo, Recv: "Msg", Name: "Nak"},
	Func{Path: natsGo, Recv: "Msg", Name: "NakWithDelay"},
	Func{Path: natsGo, Recv: "Msg", Name: "InProgress"},
	Func{Path: jetstream, Recv: "Msg", Name: "Nak"},
	Func{Path: jetstream, Recv: "Msg", Name: "NakWithDelay"},
	Func{Path: jetstream, Recv: "Msg", Name: "InProgress"},
	Func{Path: watermillMsg, Recv: "Message", Name: "Nack"},
	Func{Path: pubsubMsg, Recv: "Message", Name: "Nack"},
	Func{Path: sqsPkg, Recv: "Client", Name: "ChangeMessageVisibility"},
	Func{Path: kafkaGo, Recv: "Reader", Name: "SetOffset"},
	Func{Path: kafkaGo, Recv: "Reader", Name: "SetOffsetAt"},
	Func{Path: sarama, Recv: "ConsumerGroupSession", Name: "ResetOffset"},
	Func{Path: franzKgo, Recv: "Client", Name: "SetOffsets"},
	Func{Path: confluentK, Recv: "Consumer", Name: "Seek"},
	Func{Path: confluentK, Recv: "Consumer", Name: "SeekPartitions"},
)

// terminations end a message on purpose: the broker drops it and says so
// (JetStream Term): an explicit poison-message policy.
var terminations = NewSet(
	Func{Path: natsGo, Recv: "Msg", Name: "Term"},
	Func{Path: jetstream, Recv: "Msg", Name: "Term"},
)

// rejections settle an amqp delivery negatively; the value is the index
// of the requeue flag among the arguments (the receiver not counted).
// Without requeue the broker dead-letters the message if the queue has a
// dead-letter exchange, and drops it otherwise.
var rejections = map[Func]int{
	{Path: amqp091, Recv: "Delivery", Name: "Reject"}:       0, // Reject(requeue)
	{Path: amqp091, Recv: "Delivery", Name: "Nack"}:         1, // Nack(multiple, requeue)
	{Path: amqp091, Recv: "Channel", Name: "Reject"}:        1, // Reject(tag, requeue)
	{Path: amqp091, Recv: "Channel", Name: "Nack"}:          2, // Nack(tag, multiple, requeue)
	{Path: streadwayAMQP, Recv: "Delivery", Name: "Reject"}: 0,
	{Path: streadwayAMQP, Recv: "Delivery", Name: "Nack"}:   1,
	{Path: streadwayAMQP, Recv: "Channel", Name: "Reject"}:  1,
	{Path: streadwayAMQP, Recv: "Channel", Name: "Nack"}:    2,
}

// AMQPDeadLetterArg is the queue argument that gives a queue a dead-letter
// exchange: a rejected message without requeue goes there instead of away.
const AMQPDeadLetterArg = "x-dead-letter-exchange"

// IsRedelivery reports whether fn hands a message back to be delivered
// again (a negative ack, a Nak, a seek to its offset).
func IsRedelivery(fn *types.Func) bool { return fn != nil && redeliveries.Match(fn) }

// IsTermination reports whether fn ends a message on purpose (JetStream Term).
func IsTermination(fn *types.Func) bool { return fn != nil && terminations.Match(fn) }

// RejectRequeueArg returns the index of the requeue flag of an amqp
// Reject or Nack (the receiver not counted), or -1 when fn is neither.
func RejectRequeueArg(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	if i, ok := rejections[Describe(fn)]; ok {
		return i
	}
	return -1
}

// IsPerMessageAck reports whether fn acknowledges one message of a broker
// (amqp091, NATS, watermill, Pub/Sub, SQS, Redis streams and processing
// lists) rather than
// commit a Kafka offset, which covers every earlier message of the
// partition too.
func IsPerMessageAck(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	d := Describe(fn)
	for _, f := range brokerAcks {
		if f == d {
			return true
		}
	}
	return redisListRemoves.Has(d) // a Redis processing list's LRem (redislist.go)
}

// franzAutoCommitOff are the franz-go options that turn off committing
// what PollFetches returned (AutoCommitMarks commits only marked records).
var franzAutoCommitOff = NewSet(
	Func{Path: franzKgo, Name: "DisableAutoCommit"},
	Func{Path: franzKgo, Name: "AutoCommitMarks"},
)

// franzPolls are the franz-go polls after which the client's default
// autocommit commits what the previous poll returned.
var franzPolls = NewSet(
	Func{Path: franzKgo, Recv: "Client", Name: "PollFetches"},
	Func{Path: franzKgo, Recv: "Client", Name: "PollRecords"},
)

// IsFranzAutoCommitOff reports whether fn is a franz-go option that turns
// off the default autocommit of polled records.
func IsFranzAutoCommitOff(fn *types.Func) bool { return fn != nil && franzAutoCommitOff.Match(fn) }

// IsFranzPoll reports whether fn is a franz-go poll, after which the
// default autocommit commits the records polled before.
func IsFranzPoll(fn *types.Func) bool { return fn != nil && franzPolls.Match(fn) }

// watermillHandlerParam is the message a watermill handler receives: the
// router acks it when the handler returns a nil error.
var watermillHandlerParam = Func{Path: watermillMsg, Name: "Message"}

// IsWatermillMessage reports whether t is *message.Message of watermill.
func IsWatermillMessage(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && NormPath(n.Obj().Pkg().Path()) == watermillHandlerParam.Path && n.Obj().Name() == watermillHandlerParam.Name
}

// marksCommits commit only what was marked or stored before (franz-go
// CommitMarkedOffsets, sarama's Commit, confluent's Commit): a message
// never marked is not among them.
var marksCommits = NewSet(
	Func{Path: franzKgo, Recv: "Client", Name: "CommitMarkedOffsets"},
	Func{Path: sarama, Recv: "ConsumerGroupSession", Name: "Commit"},
	Func{Path: confluentK, Recv: "Consumer", Name: "Commit"},
)

// IsMarksCommit reports whether fn commits only the offsets marked or
// stored before it, not every message polled.
func IsMarksCommit(fn *types.Func) bool { return fn != nil && marksCommits.Match(fn) }
