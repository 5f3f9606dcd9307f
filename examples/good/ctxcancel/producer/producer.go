// Package producer is the fixed form of bad/ctxcancel/producer: the loop
// stops on the shutdown context, and each publish runs under a context
// detached from it with its own timeout.
package producer

import (
	"context"
	"time"

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

// Run stops when ctx is cancelled; a publish in flight finishes.
func (r *Relay) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case v := <-r.rows:
			pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			_ = r.producer.Publish(pctx, nil, v)
			cancel()
		}
	}
}
