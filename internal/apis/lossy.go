package apis

import (
	"go/types"
)

// Publishes that may not report a loss: the producer calls an outbox relay
// makes before it marks a row published, the configuration that decides
// whether each can report a loss (writer and producer types, their fields
// and options), and the calls that put an AMQP channel in confirm mode or
// await a confirmation. lossypublish asks these questions; the values that
// make a configuration lossy are the libraries' own (kafka-go RequireNone
// is 0, sarama NoResponse is 0, franz-go NoAck).

// PublishKind says how a publish call can lose a message.
type PublishKind int

const (
	NotPublish PublishKind = iota
	// KafkaGoWrite is (*kafka.Writer).WriteMessages: lossy when its writer
	// is Async or does not require acks (the Writer's zero RequiredAcks is
	// RequireNone).
	KafkaGoWrite
	// SaramaSyncSend is SyncProducer.SendMessage(s): lossy when the
	// producer's config has RequiredAcks = NoResponse.
	SaramaSyncSend
	// SaramaAsyncInput is AsyncProducer.Input: a send on it returns before
	// the broker has the message.
	SaramaAsyncInput
	// FranzProduce is (*kgo.Client).Produce: it returns before the record
	// is written; only its promise learns the outcome.
	FranzProduce
	// FranzProduceSync is (*kgo.Client).ProduceSync: lossy when the client
	// requires no acks.
	FranzProduceSync
	// AMQPPublish is amqp091's Channel.Publish/PublishWithContext: lossy on
	// a channel that is not in confirm mode, or whose confirmations are not
	// read.
	AMQPPublish
	// AMQPDeferredPublish is PublishWithDeferredConfirm(WithContext): lossy
	// unless the returned confirmation is awaited.
	AMQPDeferredPublish
	// GoRabbitPublish is wagslane/go-rabbitmq's Publisher.Publish/
	// PublishWithContext: it waits for no publisher confirmation, in confirm
	// mode or not.
	GoRabbitPublish
	// NATSCorePublish is (*nats.Conn).Publish/PublishMsg/PublishRequest:
	// core NATS has no acknowledgement; nothing stores the message.
	NATSCorePublish
	// JetStreamAsyncPublish is JetStream PublishAsync/PublishMsgAsync:
	// lossy unless the returned PubAckFuture is awaited.
	JetStreamAsyncPublish
)

var publishKinds = map[Func]PublishKind{
	{Path: kafkaGo, Recv: "Writer", Name: "WriteMessages"}:                             KafkaGoWrite,
	{Path: sarama, Recv: "SyncProducer", Name: "SendMessage"}:                          SaramaSyncSend,
	{Path: sarama, Recv: "SyncProducer", Name: "SendMessages"}:                         SaramaSyncSend,
	{Path: sarama, Recv: "AsyncProducer", Name: "Input"}:                               SaramaAsyncInput,
	{Path: franzKgo, Recv: "Client", Name: "Produce"}:                                  FranzProduce,
	{Path: franzKgo, Recv: "Client", Name: "TryProduce"}:                               FranzProduce,
	{Path: franzKgo, Recv: "Client", Name: "ProduceSync"}:                              FranzProduceSync,
	{Path: amqp091, Recv: "Channel", Name: "Publish"}:                                  AMQPPublish,
	{Path: amqp091, Recv: "Channel", Name: "PublishWithContext"}:                       AMQPPublish,
	{Path: amqp091, Recv: "Channel", Name: "PublishWithDeferredConfirm"}:               AMQPDeferredPublish,
	{Path: amqp091, Recv: "Channel", Name: "PublishWithDeferredConfirmWithContext"}:    AMQPDeferredPublish,
	{Path: streadwayAMQP, Recv: "Channel", Name: "Publish"}:                            AMQPPublish,
	{Path: goRabbit, Recv: "Publisher", Name: "Publish"}:                               GoRabbitPublish,
	{Path: goRabbit, Recv: "Publisher", Name: "PublishWithContext"}:                    GoRabbitPublish,
	{Path: goRabbit, Recv: "Publisher", Name: "PublishWithDeferredConfirmWithContext"}: AMQPDeferredPublish,
	{Path: natsGo, Recv: "Conn", Name: "Publish"}:                                      NATSCorePublish,
	{Path: natsGo, Recv: "Conn", Name: "PublishMsg"}:                                   NATSCorePublish,
	{Path: natsGo, Recv: "Conn", Name: "PublishRequest"}:                               NATSCorePublish,
	{Path: natsGo, Recv: "EncodedConn", Name: "Publish"}:                               NATSCorePublish,
	{Path: natsGo, Recv: "JetStream", Name: "PublishAsync"}:                            JetStreamAsyncPublish,
	{Path: natsGo, Recv: "JetStream", Name: "PublishMsgAsync"}:                         JetStreamAsyncPublish,
	{Path: jetstream, Recv: "JetStream", Name: "PublishAsync"}:                         JetStreamAsyncPublish,
	{Path: jetstream, Recv: "JetStream", Name: "PublishMsgAsync"}:                      JetStreamAsyncPublish,
	{Path: jetstream, Recv: "Publisher", Name: "PublishAsync"}:                         JetStreamAsyncPublish,
	{Path: jetstream, Recv: "Publisher", Name: "PublishMsgAsync"}:                      JetStreamAsyncPublish,
}

// LossyPublishPaths are the import paths (normalized) of the producers
// lossypublish knows.
var LossyPublishPaths = []string{kafkaGo, sarama, franzKgo, amqp091, streadwayAMQP, goRabbit, natsGo}

// goRabbit is wagslane/go-rabbitmq, a wrapper of amqp091 with reconnects.
const goRabbit = "github.com/wagslane/go-rabbitmq"

// ClassifyPublish returns how a call of fn publishes, or NotPublish.
func ClassifyPublish(fn *types.Func) PublishKind {
	if fn == nil {
		return NotPublish
	}
	return publishKinds[Describe(fn)]
}

// IsKafkaGoWriter reports whether t is kafka-go's Writer or *Writer.
func IsKafkaGoWriter(t types.Type) bool { return isLibType(t, kafkaGo, "Writer") }

// IsKafkaGoWriterConfig reports whether t is kafka-go's WriterConfig
// (what NewWriter takes; its zero RequiredAcks means RequireAll).
func IsKafkaGoWriterConfig(t types.Type) bool { return isLibType(t, kafkaGo, "WriterConfig") }

// IsKafkaGoNewWriter reports whether fn is kafka.NewWriter.
func IsKafkaGoNewWriter(fn *types.Func) bool {
	return Describe(fn) == Func{Path: kafkaGo, Name: "NewWriter"}
}

// IsKafkaGoRequiredAcks reports whether t is kafka-go's RequiredAcks type.
func IsKafkaGoRequiredAcks(t types.Type) bool { return isLibType(t, kafkaGo, "RequiredAcks") }

// IsSaramaConfig reports whether t is sarama's Config or *Config.
func IsSaramaConfig(t types.Type) bool { return isLibType(t, sarama, "Config") }

// IsSaramaRequiredAcks reports whether t is sarama's RequiredAcks type
// (NoResponse is 0).
func IsSaramaRequiredAcks(t types.Type) bool { return isLibType(t, sarama, "RequiredAcks") }

// IsSaramaNewProducer reports whether fn makes a sarama producer from a
// config (NewSyncProducer, NewAsyncProducer and their FromClient forms).
func IsSaramaNewProducer(fn *types.Func) bool {
	switch Describe(fn) {
	case Func{Path: sarama, Name: "NewSyncProducer"}, Func{Path: sarama, Name: "NewAsyncProducer"},
		Func{Path: sarama, Name: "NewSyncProducerFromClient"}, Func{Path: sarama, Name: "NewAsyncProducerFromClient"}:
		return true
	}
	return false
}

// IsSaramaNewConfig reports whether fn is sarama.NewConfig.
func IsSaramaNewConfig(fn *types.Func) bool {
	return Describe(fn) == Func{Path: sarama, Name: "NewConfig"}
}

// IsSaramaErrors reports whether fn is AsyncProducer.Errors or Successes:
// reading either learns the outcome of a send.
func IsSaramaErrors(fn *types.Func) bool {
	d := Describe(fn)
	return d.Path == sarama && d.Recv == "AsyncProducer" && (d.Name == "Errors" || d.Name == "Successes")
}

// IsFranzNewClient reports whether fn is kgo.NewClient.
func IsFranzNewClient(fn *types.Func) bool {
	return Describe(fn) == Func{Path: franzKgo, Name: "NewClient"}
}

// IsFranzRequiredAcksOpt reports whether fn is kgo.RequiredAcks.
func IsFranzRequiredAcksOpt(fn *types.Func) bool {
	return Describe(fn) == Func{Path: franzKgo, Name: "RequiredAcks"}
}

// IsFranzNoAck reports whether fn is kgo.NoAck.
func IsFranzNoAck(fn *types.Func) bool {
	return Describe(fn) == Func{Path: franzKgo, Name: "NoAck"}
}

// IsAMQPConfirm reports whether fn puts an AMQP channel in confirm mode.
func IsAMQPConfirm(fn *types.Func) bool {
	d := Describe(fn)
	return (d.Path == amqp091 || d.Path == streadwayAMQP) && d.Recv == "Channel" && d.Name == "Confirm"
}

// IsAMQPNotifyConfirm reports whether fn registers a listener for
// publisher confirmations (NotifyPublish, NotifyConfirm).
func IsAMQPNotifyConfirm(fn *types.Func) bool {
	d := Describe(fn)
	return (d.Path == amqp091 || d.Path == streadwayAMQP) && d.Recv == "Channel" && (d.Name == "NotifyPublish" || d.Name == "NotifyConfirm")
}

// IsAMQPOpenChannel reports whether fn opens an AMQP channel.
func IsAMQPOpenChannel(fn *types.Func) bool {
	d := Describe(fn)
	return (d.Path == amqp091 || d.Path == streadwayAMQP) && d.Recv == "Connection" && d.Name == "Channel"
}

// IsAwaitConfirm reports whether fn awaits one publish's outcome: an
// amqp091 DeferredConfirmation's Wait/WaitContext/Done/Acked, a JetStream
// PubAckFuture's Ok/Err, or JetStream's PublishAsyncComplete.
func IsAwaitConfirm(fn *types.Func) bool {
	d := Describe(fn)
	switch {
	case d.Path == amqp091 && d.Recv == "DeferredConfirmation":
		return d.Name == "Wait" || d.Name == "WaitContext" || d.Name == "Done" || d.Name == "Acked"
	case (d.Path == natsGo || d.Path == jetstream) && d.Recv == "PubAckFuture":
		return d.Name == "Ok" || d.Name == "Err"
	case (d.Path == natsGo || d.Path == jetstream) && (d.Recv == "JetStream" || d.Recv == "Publisher"):
		return d.Name == "PublishAsyncComplete"
	}
	return false
}

// outboxPublishers are interfaces of outbox libraries whose reader marks
// or deletes a row once the user's implementation returns nil.
var outboxPublishers = []Func{
	{Path: "github.com/oagudo/outbox", Recv: "MessagePublisher", Name: "Publish"},
}

// OutboxLibraryPublish returns the outbox library's interface method that
// fn implements (the library marks the row when it returns nil), or the
// zero Func.
func OutboxLibraryPublish(fn *types.Func) Func {
	sig := fn.Signature()
	if sig.Recv() == nil {
		return Func{}
	}
	for _, want := range outboxPublishers {
		if fn.Name() != want.Name {
			continue
		}
		for _, imp := range fn.Pkg().Imports() {
			if NormPath(imp.Path()) != want.Path {
				continue
			}
			tn, _ := imp.Scope().Lookup(want.Recv).(*types.TypeName)
			if tn == nil {
				continue
			}
			iface, ok := tn.Type().Underlying().(*types.Interface)
			if !ok {
				continue
			}
			recv := sig.Recv().Type()
			if types.Implements(recv, iface) || types.Implements(types.NewPointer(recv), iface) {
				return want
			}
		}
	}
	return Func{}
}

func isLibType(t types.Type, path, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return n.Obj().Name() == name && NormPath(n.Obj().Pkg().Path()) == path
}
