// Package optbus commits after the handlers, unless configured eager:
// then it commits first. On that path a handler's crash between its write
// and its emit is not repaired, so its Register keeps no consumer handler.
package optbus

import (
	"context"

	"github.com/segmentio/kafka-go"

	"dualwrite/busconsumer/bus"
)

type Bus struct {
	w        *kafka.Writer
	eager    bool
	handlers []bus.Handler
}

func New(w *kafka.Writer, eager bool) *Bus { return &Bus{w: w, eager: eager} }

func (b *Bus) Register(eventType string, h bus.Handler) { b.handlers = append(b.handlers, h) }

func (b *Bus) Emit(ctx context.Context, ev bus.Event) error {
	return b.w.WriteMessages(ctx, kafka.Message{Key: []byte(ev.Type), Value: ev.Payload})
}

func (b *Bus) Consume(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if b.eager {
			_ = r.CommitMessages(ctx, m)
		}
		for _, h := range b.handlers {
			_ = h(ctx, bus.Event{Payload: m.Value})
		}
		if !b.eager {
			_ = r.CommitMessages(ctx, m)
		}
	}
}
