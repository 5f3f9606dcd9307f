// Package nowaitbus starts each handler in a goroutine and commits
// without waiting for it: the commit may come first, so its Register
// keeps no consumer handler.
package nowaitbus

import (
	"context"

	"github.com/segmentio/kafka-go"

	"dualwrite/busconsumer/bus"
)

type Bus struct {
	w *kafka.Writer
	h bus.Handler
}

func New(w *kafka.Writer) *Bus { return &Bus{w: w} }

func (b *Bus) Register(eventType string, h bus.Handler) { b.h = h }

func (b *Bus) Emit(ctx context.Context, ev bus.Event) error {
	return b.w.WriteMessages(ctx, kafka.Message{Key: []byte(ev.Type), Value: ev.Payload})
}

func (b *Bus) Consume(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go b.h(ctx, bus.Event{Payload: m.Value})
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
