// Package handedloop holds workers that hand their handlers, as method
// values and literals, to the consume loops of package bus.
package handedloop

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"

	"skipcommit/handedloop/bus"
)

type store interface {
	Save(ctx context.Context, key []byte) error
}

type worker struct {
	c *bus.Consumer
	s store
}

// Bad: Handle logs a failed save and returns nil to bus.Consumer.Run,
// which commits the message after it.
func (w *worker) Run(ctx context.Context) error { // want Run:"commitsOffset\\(\\(\\*bus\\.Consumer\\)\\.Run → \\(\\*Consumer\\)\\.Ack → \\(\\*kafka\\.Reader\\)\\.CommitMessages\\)" Run:"durableWork\\(\\(\\*bus\\.Consumer\\)\\.Run → h\\)"
	return w.c.Run(ctx, w.Handle)
}

func (w *worker) Handle(ctx context.Context, m kafka.Message) error { // want Handle:"durableWork\\(store\\.Save\\)"
	if err := w.s.Save(ctx, m.Key); err != nil {
		log.Printf("save: %v", err)
		return nil // want `store.Save fails \(handedloop.go:30\) and \(\*worker\).Handle returns nil to the consume loop it is handed to \(handedloop.go:26\), which commits the message after it, \(\*bus.Consumer\).Run → \(\*Consumer\).Ack → \(\*kafka.Reader\).CommitMessages, so it is lost`
	}
	return nil
}

// Bad: the same with a literal.
func (w *worker) RunLit(ctx context.Context) error { // want RunLit:"commitsOffset\\(\\(\\*bus\\.Consumer\\)\\.RunFunc → \\(\\*kafka\\.Reader\\)\\.CommitMessages\\)" RunLit:"durableWork\\(\\(\\*bus\\.Consumer\\)\\.RunFunc → func literal → a handler function value\\)"
	return w.c.RunFunc(ctx, func(ctx context.Context, m kafka.Message) error {
		if err := w.s.Save(ctx, m.Key); err != nil {
			log.Printf("save: %v", err)
			return nil // want `store.Save fails \(handedloop.go:40\) and func literal returns nil to the consume loop it is handed to \(handedloop.go:39\)`
		}
		return nil
	})
}

// Good: the handler returns the error; the loop stops before its commit.
func (w *worker) RunStrict(ctx context.Context) error { // want RunStrict:"commitsOffset\\(\\(\\*bus\\.Consumer\\)\\.Run → \\(\\*Consumer\\)\\.Ack → \\(\\*kafka\\.Reader\\)\\.CommitMessages\\)" RunStrict:"durableWork\\(\\(\\*bus\\.Consumer\\)\\.Run → h\\)"
	return w.c.Run(ctx, w.handleStrict)
}

func (w *worker) handleStrict(ctx context.Context, m kafka.Message) error { // want handleStrict:"durableWork\\(store\\.Save\\)"
	if err := w.s.Save(ctx, m.Key); err != nil {
		return err
	}
	return nil
}

// Good: Drain commits nothing after the handler.
func (w *worker) RunDrain(ctx context.Context) error { // want RunDrain:"durableWork\\(\\(\\*bus\\.Consumer\\)\\.Drain → h\\)"
	return w.c.Drain(ctx, w.handleDrained)
}

func (w *worker) handleDrained(ctx context.Context, m kafka.Message) error { // want handleDrained:"durableWork\\(store\\.Save\\)"
	if err := w.s.Save(ctx, m.Key); err != nil {
		log.Printf("save: %v", err)
		return nil
	}
	return nil
}

// Good (for this rule): AckFirst committed the message before the handler.
func (w *worker) RunAckFirst(ctx context.Context) error { // want RunAckFirst:"commitsOffset\\(\\(\\*bus\\.Consumer\\)\\.AckFirst → \\(\\*Consumer\\)\\.Ack → \\(\\*kafka\\.Reader\\)\\.CommitMessages\\)" RunAckFirst:"durableWork\\(\\(\\*bus\\.Consumer\\)\\.AckFirst → h\\)"
	return w.c.AckFirst(ctx, w.handleAckedFirst)
}

func (w *worker) handleAckedFirst(ctx context.Context, m kafka.Message) error { // want handleAckedFirst:"durableWork\\(store\\.Save\\)"
	if err := w.s.Save(ctx, m.Key); err != nil {
		log.Printf("save: %v", err)
		return nil
	}
	return nil
}

// Good (for this rule): Async runs the handler in a goroutine and never
// looks at its result.
func (w *worker) RunAsync(ctx context.Context) error { // want RunAsync:"commitsOffset\\(\\(\\*bus\\.Consumer\\)\\.Async → \\(\\*Consumer\\)\\.Ack → \\(\\*kafka\\.Reader\\)\\.CommitMessages\\)" RunAsync:"durableWork\\(\\(\\*bus\\.Consumer\\)\\.Async → func literal → a handler function value\\)"
	return w.c.Async(ctx, w.handleAsync)
}

func (w *worker) handleAsync(ctx context.Context, m kafka.Message) error { // want handleAsync:"durableWork\\(store\\.Save\\)"
	if err := w.s.Save(ctx, m.Key); err != nil {
		log.Printf("save: %v", err)
		return nil
	}
	return nil
}

// Good: Keep never calls the handler.
func (w *worker) Register() {
	w.c.Keep(w.handleKept)
}

func (w *worker) handleKept(ctx context.Context, m kafka.Message) error { // want handleKept:"durableWork\\(store\\.Save\\)"
	if err := w.s.Save(ctx, m.Key); err != nil {
		log.Printf("save: %v", err)
		return nil
	}
	return nil
}
