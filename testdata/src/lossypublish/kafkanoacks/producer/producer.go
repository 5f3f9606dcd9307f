// Package producer builds its writer as a literal that does not set
// RequiredAcks: the Writer's zero value is RequireNone.
package producer

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Producer struct {
	writer *kafka.Writer
}

func New(brokers []string, topic string) *Producer {
	w := &kafka.Writer{
		Addr:  kafka.TCP(brokers...),
		Topic: topic,
	}
	return &Producer{writer: w}
}

func (p *Producer) Publish(ctx context.Context, key, value []byte) error { // want Publish:`lossy\(producer.\(\*Producer\).Publish\)`
	return p.writer.WriteMessages(ctx, kafka.Message{Key: key, Value: value})
}
