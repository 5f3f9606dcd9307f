// Package kafkarelay is an outbox relay whose kafka-go writer is async:
// WriteMessages returns before the broker has anything, so the rows are
// marked published whether or not the messages arrive.
package kafkarelay

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Producer wraps the writer the relay publishes with.
type Producer struct {
	writer *kafka.Writer
}

// NewProducer configures the writer.
func NewProducer(brokers []string) *Producer {
	return &Producer{writer: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Topic:        "orders",
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		Async:        true, // errors go nowhere
	}}
}

// Publish writes one batch of outbox rows.
func (p *Producer) Publish(ctx context.Context, msgs []kafka.Message) error {
	return p.writer.WriteMessages(ctx, msgs...)
}
