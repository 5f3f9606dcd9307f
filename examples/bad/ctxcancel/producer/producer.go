// Package producer publishes outbox rows through the project's own
// Producer interface, implemented with kafka-go in the same package, from
// a loop that stops on the shutdown context: the publish inherits the
// cancellation.
package producer

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Producer publishes one event.
type Producer interface {
	Publish(ctx context.Context, key, value []byte) error
}

type kafkaProducer struct{ w *kafka.Writer }

// New returns the kafka-go implementation.
func New(w *kafka.Writer) Producer { return &kafkaProducer{w: w} }

func (p *kafkaProducer) Publish(ctx context.Context, key, value []byte) error {
	return p.w.WriteMessages(ctx, kafka.Message{Key: key, Value: value})
}

// Relay forwards rows until shutdown.
type Relay struct {
	producer Producer
	rows     <-chan []byte
}

// Run stops when ctx is cancelled, and publishes under that same ctx.
func (r *Relay) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case v := <-r.rows:
			_ = r.producer.Publish(ctx, nil, v) // want: ctxcancel
		}
	}
}
