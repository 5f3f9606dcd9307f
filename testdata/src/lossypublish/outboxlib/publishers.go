// Package outboxlib implements oagudo/outbox's MessagePublisher: the
// library's Reader deletes the row once Publish returns nil.
package outboxlib

import (
	"context"

	"github.com/nats-io/nats.go"
	"github.com/oagudo/outbox"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/segmentio/kafka-go"
)

type rabbitPublisher struct {
	channel *amqp.Channel
}

func (p *rabbitPublisher) Publish(ctx context.Context, msg *outbox.Message) error { // want Publish:`lossy\(outboxlib.\(\*rabbitPublisher\).Publish\)`
	return p.channel.PublishWithContext(ctx, "", "entity", false, false, amqp.Publishing{Body: msg.Payload}) // want `the outbox library marks the row published once this Publish returns nil \(it implements outbox.MessagePublisher.Publish\), after PublishWithContext on a channel never put in confirm mode \(publishers.go:35\)`
}

type natsPublisher struct {
	nc *nats.Conn
}

func (p *natsPublisher) Publish(ctx context.Context, msg *outbox.Message) error { // want Publish:`lossy\(outboxlib.\(\*natsPublisher\).Publish\)`
	return p.nc.PublishMsg(&nats.Msg{Subject: "entity", Data: msg.Payload}) // want `the outbox library marks the row published once this Publish returns nil \(it implements outbox.MessagePublisher.Publish\), after core NATS PublishMsg`
}

func setup(dbCtx *outbox.DBContext) error {
	conn, err := amqp.Dial("amqp://localhost")
	if err != nil {
		return err
	}
	channel, err := conn.Channel()
	if err != nil {
		return err
	}
	nc, err := nats.Connect("nats://localhost")
	if err != nil {
		return err
	}
	outbox.NewReader(dbCtx, &rabbitPublisher{channel: channel})
	outbox.NewReader(dbCtx, &natsPublisher{nc: nc})
	return nil
}

// The library calls Publish once per row: one message per WriteMessages.
type kafkaPublisher struct {
	w *kafka.Writer
}

func newKafkaPublisher() *kafkaPublisher {
	return &kafkaPublisher{w: kafka.NewWriter(kafka.WriterConfig{Brokers: []string{"kafka:9092"}, Topic: "entity"})}
}

func (p *kafkaPublisher) Publish(ctx context.Context, msg *outbox.Message) error { // want Publish:`oneMessage\(outboxlib.\(\*kafkaPublisher\).Publish\)`
	return p.w.WriteMessages(ctx, kafka.Message{Value: msg.Payload}) // want `the outbox library marks the row published once this Publish returns nil \(it implements outbox.MessagePublisher.Publish\), after WriteMessages of one message per call .*: throughput`
}

// A synchronous writer that waits for acks and flushes at once: not reported.
type syncPublisher struct {
	w *kafka.Writer
}

func newSyncPublisher() *syncPublisher {
	return &syncPublisher{w: &kafka.Writer{Topic: "entity", RequiredAcks: kafka.RequireAll, BatchSize: 1}}
}

func (p *syncPublisher) Publish(ctx context.Context, msg *outbox.Message) error {
	return p.w.WriteMessages(ctx, kafka.Message{Value: msg.Payload})
}
