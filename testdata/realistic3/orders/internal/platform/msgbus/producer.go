package msgbus

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

// Producer implements domain.EventPublisher on a kafka-go Writer.
type Producer struct {
	writer *kafka.Writer
}

// NewProducer returns a synchronous producer: WriteMessages returns once
// every in-sync replica has the message.
func NewProducer(brokers []string) *Producer {
	return &Producer{writer: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 5 * time.Millisecond,
	}}
}

// NewFastProducer returns the low-latency producer the analytics team
// uses for click streams: it does not wait for the broker.
func NewFastProducer(brokers []string) *Producer {
	return &Producer{writer: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Balancer:     &kafka.Hash{},
		Async:        true,
		BatchTimeout: 5 * time.Millisecond,
	}}
}

// Publish writes one message.
func (p *Producer) Publish(ctx context.Context, topic, key string, payload []byte) error {
	return p.writer.WriteMessages(ctx, kafka.Message{Topic: topic, Key: []byte(key), Value: payload})
}

// PublishBatch writes several messages in one call.
func (p *Producer) PublishBatch(ctx context.Context, msgs []kafka.Message) error {
	return p.writer.WriteMessages(ctx, msgs...)
}

// Close flushes and closes the writer.
func (p *Producer) Close() error { return p.writer.Close() }
