// Package kafkaclient wraps kafka-go the way services do: a Consumer whose
// Commit commits through the Reader, a Producer on a Writer literal that
// sets no RequiredAcks (acks=0).
package kafkaclient

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Consumer struct{ r *kafka.Reader }

func NewConsumer(topic, group string) *Consumer {
	return &Consumer{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: group, Topic: topic})}
}

func (c *Consumer) Fetch(ctx context.Context) (kafka.Message, error) { return c.r.FetchMessage(ctx) }

func (c *Consumer) Commit(ctx context.Context, m kafka.Message) error {
	return c.r.CommitMessages(ctx, m)
}

type Producer struct{ w *kafka.Writer }

func NewProducer(topic string) *Producer {
	return &Producer{w: &kafka.Writer{Addr: kafka.TCP("kafka:9092"), Topic: topic}}
}

func (p *Producer) Write(ctx context.Context, key, value []byte) error { // want Write:`lossy\(kafkaclient\.\(\*Producer\)\.Write\)`
	return p.w.WriteMessages(ctx, kafka.Message{Key: key, Value: value})
}
