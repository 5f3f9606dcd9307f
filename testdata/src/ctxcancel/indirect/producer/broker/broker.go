// Package broker wraps kafka-go's writer behind the project's own
// Producer interface.
package broker

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Producer publishes events.
type Producer interface {
	Publish(ctx context.Context, key, value []byte) error
}

type kafkaProducer struct{ w *kafka.Writer }

// New returns the kafka-go producer.
func New(w *kafka.Writer) Producer { return &kafkaProducer{w: w} }

func (p *kafkaProducer) Publish(ctx context.Context, key, value []byte) error { // want Publish:"reachesSink p0:writer.WriteMessages"
	return p.w.WriteMessages(ctx, kafka.Message{Key: key, Value: value})
}
