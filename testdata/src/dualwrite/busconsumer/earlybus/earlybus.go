// Package earlybus commits each message before it runs the handlers: a
// handler's crash between its write and its emit is not repaired by a
// redelivery, so its Register keeps no consumer handler.
package earlybus

import (
	"context"

	"github.com/segmentio/kafka-go"

	"dualwrite/busconsumer/bus"
)

type Bus struct {
	w        *kafka.Writer
	handlers map[string][]bus.Handler
}

func New(w *kafka.Writer) *Bus { return &Bus{w: w, handlers: map[string][]bus.Handler{}} }

func (b *Bus) Register(eventType string, h bus.Handler) {
	b.handlers[eventType] = append(b.handlers[eventType], h)
}

func (b *Bus) Emit(ctx context.Context, ev bus.Event) error {
	return b.w.WriteMessages(ctx, kafka.Message{Key: []byte(ev.Type), Value: ev.Payload})
}

func (b *Bus) Consume(ctx context.Context, eventType string, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
		for _, h := range b.handlers[eventType] {
			_ = h(ctx, bus.Event{Type: eventType, Payload: m.Value})
		}
	}
}
