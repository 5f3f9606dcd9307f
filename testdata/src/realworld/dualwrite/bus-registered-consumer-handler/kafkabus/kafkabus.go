// Package kafkabus implements the bus on Kafka: Emit writes a message; a
// consume loop per event type runs the registered handlers and commits the
// message only when they returned nil.
package kafkabus

import (
	"context"

	"github.com/segmentio/kafka-go"

	"realworld/dualwrite/bus-registered-consumer-handler/bus"
)

type Bus struct {
	w        *kafka.Writer
	handlers map[string][]bus.Handler
}

func New(w *kafka.Writer) *Bus { return &Bus{w: w, handlers: map[string][]bus.Handler{}} }

func (b *Bus) Register(eventType string, h bus.Handler) { // want Register:`keepsHandler\(1 for kafkabus.\(\*Bus\).Consume, committed by \(\*kafka.Reader\).CommitMessages\)`
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
		ok := true
		for _, h := range b.handlers[eventType] {
			if err := h(ctx, bus.Event{Type: eventType, Payload: m.Value}); err != nil {
				ok = false
			}
		}
		if !ok {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
