// Package bus has one producer type with two constructors: a synchronous
// one and a fire-and-forget one. Whether a publish through it can lose a
// message depends on which constructor built the value, so neither the
// type nor its Publish method is lossy by itself.
package bus

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Producer struct {
	writer *kafka.Writer
}

// NewProducer waits for every in-sync replica.
func NewProducer(brokers ...string) *Producer { // want NewProducer:`buildsWriter\(Producer.f0: safe\)`
	return &Producer{writer: &kafka.Writer{Addr: kafka.TCP(brokers...), RequiredAcks: kafka.RequireAll, BatchSize: 1}}
}

// NewFastProducer does not wait for the broker.
func NewFastProducer(brokers ...string) *Producer { // want NewFastProducer:`buildsWriter\(Producer.f0: lossy\)`
	w := &kafka.Writer{Addr: kafka.TCP(brokers...), Async: true}
	return &Producer{writer: w}
}

func (p *Producer) Publish(ctx context.Context, topic string, payload []byte) error { // want Publish:`heldPublish\(Producer.f0: bus.\(\*Producer\).Publish\)`
	return p.writer.WriteMessages(ctx, kafka.Message{Topic: topic, Value: payload})
}
