// Package bus has one producer type with two constructors: the
// synchronous one the services use, and a fire-and-forget one the
// analytics team added for click streams.
package bus

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

// Producer publishes to Kafka through a kafka-go writer.
type Producer struct {
	writer *kafka.Writer
}

// NewProducer returns once every in-sync replica has the message.
func NewProducer(brokers []string) *Producer {
	return &Producer{writer: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 5 * time.Millisecond,
	}}
}

// NewFastProducer does not wait for the broker.
func NewFastProducer(brokers []string) *Producer {
	return &Producer{writer: &kafka.Writer{
		Addr:     kafka.TCP(brokers...),
		Balancer: &kafka.Hash{},
		Async:    true,
	}}
}

// Publish writes one message.
func (p *Producer) Publish(ctx context.Context, topic, key string, payload []byte) error {
	return p.writer.WriteMessages(ctx, kafka.Message{Topic: topic, Key: []byte(key), Value: payload})
}

// Close flushes and closes the writer.
func (p *Producer) Close() error { return p.writer.Close() }
