// Package kafkabus implements the bus on Kafka: Emit writes a message; a
// consume loop runs the registered handlers of each message it fetches
// (through a helper that runs them in goroutines and waits for them) and
// commits the message only after they all returned nil.
package kafkabus

import (
	"context"
	"sync"

	"github.com/segmentio/kafka-go"

	"dualwrite/busconsumer/bus"
)

type Bus struct {
	w        *kafka.Writer
	mu       sync.Mutex
	handlers map[string][]bus.Handler
}

func New(w *kafka.Writer) *Bus { return &Bus{w: w, handlers: map[string][]bus.Handler{}} }

func (b *Bus) Register(eventType string, h bus.Handler) { // want Register:`keepsHandler\(1 for kafkabus.\(\*Bus\).Consume, committed by \(\*kafka.Reader\).CommitMessages\)`
	b.mu.Lock()
	defer b.mu.Unlock()
	b.handlers[eventType] = append(b.handlers[eventType], h)
}

func (b *Bus) Emit(ctx context.Context, ev bus.Event) error {
	return b.w.WriteMessages(ctx, kafka.Message{Key: []byte(ev.Type), Value: ev.Payload})
}

func (b *Bus) handlersOf(eventType string) []bus.Handler {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]bus.Handler(nil), b.handlers[eventType]...)
}

func (b *Bus) dispatch(ctx context.Context, eventType string, m kafka.Message) bool {
	return runAll(ctx, bus.Event{Type: eventType, Payload: m.Value}, b.handlersOf(eventType))
}

func runAll(ctx context.Context, ev bus.Event, hs []bus.Handler) bool {
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := true
	for _, h := range hs {
		wg.Add(1)
		go func(h bus.Handler) {
			defer wg.Done()
			if err := h(ctx, ev); err != nil {
				mu.Lock()
				ok = false
				mu.Unlock()
			}
		}(h)
	}
	wg.Wait()
	return ok
}

func (b *Bus) Consume(ctx context.Context, eventType string, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !b.dispatch(ctx, eventType, m) {
			continue // not committed: redelivered after a restart or rebalance
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
