// Package lossypublish defines an Analyzer that reports outbox relays that
// mark rows published after a publish that cannot report a loss.
//
// # Analyzer lossypublish
//
// lossypublish: report relays that mark outbox rows published after a publish that cannot report a loss
//
// An outbox relay reads unpublished rows, publishes each to the broker and
// then records the row as done (UPDATE ... SET published_at, a DELETE of
// the row, a GORM Model(&row).Updates of its status or processed_at
// columns, a repository MarkPublished or a sqlc query named for it). The
// mark is safe only when the publish has returned an error for every
// message the broker did not store. When the publish cannot report that,
// a message the broker drops is marked sent and never retried: the event
// is lost for good, though the code looks like a textbook outbox.
//
// The analyzer reports, at the publish, a publish followed by a mark of
// the row in the same function (loops, transaction callbacks and helpers
// included) when the publish is one of:
//   - kafka-go WriteMessages on a Writer with Async: true (it returns
//     before anything is sent), with RequiredAcks: RequireNone (0), or a
//     kafka.Writer literal that does not set RequiredAcks: the Writer's
//     zero value is RequireNone ("Defaults to RequireNone", kafka-go
//     v0.4.51 writer.go), so the produce request is sent with acks=0, the
//     broker sends no response and WriteMessages returns nil for a write
//     the broker rejected. kafka.NewWriter(kafka.WriterConfig{...}) is
//     different: it turns a zero RequiredAcks into RequireAll, so only its
//     Async matters;
//   - sarama SendMessage(s) on a producer whose config has
//     Producer.RequiredAcks = sarama.NoResponse, or a send on an
//     AsyncProducer's Input() not followed by a read of Successes() or
//     Errors() before the mark;
//   - franz-go Produce whose promise is nil or ignores its error (Produce
//     returns before the record is written), and Produce or ProduceSync on
//     a client made with kgo.RequiredAcks(kgo.NoAck());
//   - amqp091 Publish/PublishWithContext on a channel the package opens
//     and never puts in confirm mode (Confirm), or whose confirmations
//     nothing reads (no NotifyPublish), and PublishWithDeferredConfirm
//     (WithContext) whose DeferredConfirmation is not awaited (Wait,
//     WaitContext, Done, Acked) before the mark;
//   - wagslane/go-rabbitmq Publisher.Publish/PublishWithContext, which
//     wait for no publisher confirmation even on a publisher created
//     WithPublisherOptionsConfirm, and its
//     PublishWithDeferredConfirmWithContext whose confirmations are not
//     awaited before the mark;
//   - NATS core Publish/PublishMsg/PublishRequest, which no stream
//     acknowledges (with no subscriber or a dropped connection the message
//     is simply gone), where JetStream's Publish waits for the PubAck;
//   - JetStream PublishAsync/PublishMsgAsync whose PubAckFuture is not
//     awaited (Ok/Err, PublishAsyncComplete) before the mark; awaiting it
//     in a goroutine the relay does not wait for does not count.
//
// A consumer that publishes its output and then commits the input's
// offset (CommitMessages, sarama MarkMessage, an AMQP Ack, directly or
// through the analysed code's wrapper such as consumer.Commit(ctx, msg))
// or records the input handled in its inbox or idempotency store
// (IdempotencyStore.Mark(ctx, eventID)) marks the input done exactly as a
// relay marks a row: after a lossy publish, the output the broker dropped
// is gone and the input is never handled again. Such a commit or inbox
// mark after a lossy publish is reported too (the one-message throughput
// finding below stays a relay's). A call named for a mark that receives
// no row (a Prometheus counter's metrics.MarkPublished(), only a context)
// is not a mark.
//
// The configuration is followed where real code keeps it: the composite
// literal or call that builds the writer, producer, client or channel, the
// assignments that change it later (w.Async = true, cfg.Producer.
// RequiredAcks = ..., ch.Confirm(false)), through locals, struct fields
// (a constructor that stores the writer in Producer.writer, a relay that
// uses p.writer or a local copy of it) and constructors that return it.
// An AMQP channel opened in one package (a Connect that stores
// conn.Channel() in an exported field, or a function that returns it) and
// handed by the relay's package to a publisher's constructor of another
// (broker.NewPublisher(rabbit.Channel) keeping it in Publisher.channel)
// is followed through three facts: how the field's or function's channel
// was opened (Confirm, NotifyPublish) and where, which parameter the
// constructor keeps in which field (the call layer's KeepsParams), and
// that the publisher's method publishes on that field; a constructor that
// keeps the unconfirmed channel in another field, or a channel put in
// confirm mode whose confirmations are read, is left alone.
// A producer type whose constructors configure its writer differently
// (NewProducer with RequiredAcks: RequireAll, NewFastProducer with Async:
// true for click streams) is judged per constructed value, not per type:
// a relay is reported where a value the lossy constructor built reaches
// it — a publish through a local assigned from that constructor, or the
// composition root that hands such a value to the relay's package
// ("wired here to msgbus.(*Producer).Publish built by
// msgbus.NewFastProducer") — and left alone where the synchronous
// constructor's value does.
// A function that makes such a publish carries a fact, so a relay in
// another package that calls producer.Publish and then marks is reported,
// a function value to the method values, functions and function literals
// it may hold (a publish func field set to p.Publish, or a Sender field a
// constructor sets to func(ctx, e) error { return nc.Publish(...) }: the
// literal runs where the relay calls the field, so the finding is there,
// naming the constructor), and an interface method to the
// implementations in sight (one
// that publishes lossily is enough: a relay wired to the in-memory mock
// is not the one in production) — or, for a call on an unexported field
// whose stored values all have concrete types and whose address is never
// taken, to those types' methods only (NewConsumers(dlq
// *rabbit.ConfirmingPublisher) keeping it in a rabbit.Publisher field:
// the FirePublisher implementation never reaches that field). A publish in a method that implements
// an outbox library's publisher interface (github.com/oagudo/outbox's
// MessagePublisher, whose Reader deletes the row once Publish returns nil)
// is reported without a visible mark.
//
// A relay whose publisher interface is implemented only in a package it
// does not import (the use case declares am.MessagePublisher, an adapter
// implements it, a module's constructor wires them) is reported where the
// two meet: at the call that hands the relay's package an implementation
// (tm.NewOutboxProcessor(stream, store), outbox.NewRelay(pool, broker)),
// or, when a dependency-injection container does the wiring
// (fx.Provide(jetstream.NewStream, tm.NewOutboxProcessor)), at the
// implementation's constructor handed to it, or at the root's reference
// to the module of another package that registers it (fx.New(
// messaging.Module) where messaging declares var Module = fx.Module(...,
// fx.Provide(func(cfg Config) app.EventPublisher { ... }))) — naming the relay, its call
// and mark, and the lossy implementation; once per relay site, in the
// first package that wires it:
//
//	relay tm.outboxProcessor.processMessages (outbox_processor.go:56) marks rows published (MarkPublished, line 61) after am.MessagePublisher.Publish, wired here to jetstream.(*Stream).Publish → JetStream PublishMsgAsync whose PubAckFuture is not awaited: ...
//
// The message names the mark and its line, the publish with the chain of
// helpers and the configuration's file and line, why the message can be
// lost, and what to write instead.
//
// Throughput: a relay that writes one message per kafka-go WriteMessages
// call on a writer with the default batching is reported too, as a
// throughput finding (it loses nothing). WriteMessages waits until its
// batch is flushed, and a batch is flushed when BatchSize (100) messages
// are waiting or BatchTimeout (1 s by default) has passed, so every call
// with one message waits a full BatchTimeout. Measured against kfake
// (franz-go's in-process Kafka, kafka-go v0.4.51, RequiredAcks:
// RequireAll): 20 rows written one per call took 20.0 s (1.00 s per row);
// the same 20 rows in one WriteMessages(ctx, msgs...) call took 1.0 s;
// one per call with BatchSize: 1 took 2 ms in all; with BatchTimeout: 10 *
// time.Millisecond, 11 ms per row. A relay that holds FOR UPDATE locks or
// a transaction across the loop holds them that long. Not reported when
// the writer sets BatchSize: 1 or a BatchTimeout of 100 ms or less (or one
// that is not a constant), or when the call writes a slice (msgs...).
//
// Not reported: synchronous writers that wait for acks (kafka-go
// RequireOne/RequireAll, NewWriter's default, sarama's SyncProducer with
// its default WaitForLocal or WaitForAll, franz-go ProduceSync with the
// default acks), an amqp091 channel in confirm mode whose confirmation is
// awaited, JetStream Publish (synchronous, acknowledged), async producers
// whose outcome is read before the mark (a promise that uses its error,
// Successes()/Errors(), a DeferredConfirmation's Wait), and any lossy
// producer that is not followed by a mark of a row (a fire-and-forget
// metrics or notification producer is not this rule's business). A
// writer, channel or client whose configuration the package does not show
// (a parameter from another package) is not reported: its acks are not
// known.
//
// Libraries: kafka-go Writer (Async, RequiredAcks, batching), sarama
// (NoResponse, AsyncProducer), franz-go (NoAck, Produce promises),
// amqp091-go (Confirm, deferred confirmations), wagslane/go-rabbitmq, NATS
// core and JetStream async publish, oagudo/outbox publishers; marks by SQL
// UPDATE/DELETE, GORM Update(s)/Delete or Mark* methods; offset commits
// and acknowledgements of every consumer idemlint knows.
//
// Bad:
//
//	func NewProducer(brokers []string) *Producer {
//		return &Producer{writer: &kafka.Writer{
//			Addr:  kafka.TCP(brokers...),
//			Topic: "orders",
//			Async: true, // WriteMessages returns before the broker has the message
//		}}
//	}
//
//	for _, row := range rows {
//		if err := p.writer.WriteMessages(ctx, kafka.Message{Key: row.Key, Value: row.Payload}); err != nil {
//			return err
//		}
//	}
//	_, err = tx.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, ids)
//
// Good:
//
//	func NewProducer(brokers []string) *Producer {
//		return &Producer{writer: &kafka.Writer{
//			Addr:         kafka.TCP(brokers...),
//			Topic:        "orders",
//			RequiredAcks: kafka.RequireAll, // WriteMessages returns the broker's answer
//		}}
//	}
//
//	msgs := make([]kafka.Message, 0, len(rows))
//	for _, row := range rows {
//		msgs = append(msgs, kafka.Message{Key: row.Key, Value: row.Payload})
//	}
//	if err := p.writer.WriteMessages(ctx, msgs...); err != nil { // one batch, one BatchTimeout at most
//		return err
//	}
//	_, err = tx.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, ids)
package lossypublish
