// Package voidhandler holds per-message handlers without results, called by
// a loop that commits each message after the handler returns.
package voidhandler

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

type store interface {
	Save(ctx context.Context, key []byte) error
}

func loop(ctx context.Context, r *kafka.Reader, handler func(ctx context.Context, m kafka.Message)) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		handler(ctx, m)
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// Bad: save logs the failure and returns; it has no result, so the loop it
// is handed to (through a closure binding the store) commits the message.
func save(ctx context.Context, m kafka.Message, s store) {
	if err := s.Save(ctx, m.Key); err != nil {
		log.Printf("save: %v", err)
		return // want `store.Save fails \(voidhandler.go:32\) and save returns without an error \(it has no result to report one\): its caller then commits the message, \(\*kafka.Reader\).CommitMessages \(voidhandler.go:23\)`
	}
	log.Printf("saved %s", m.Key)
}

func run(ctx context.Context, r *kafka.Reader, s store) {
	loop(ctx, r, func(ctx context.Context, m kafka.Message) {
		save(ctx, m, s)
	})
}

// Bad: the handler is passed directly.
func (h *holder) handle(ctx context.Context, m kafka.Message) { // want handle:"durableWork"
	if err := h.s.Save(ctx, m.Key); err != nil {
		log.Printf("save: %v", err)
		return // want `store.Save fails \(voidhandler.go:47\) and \(\*holder\).handle returns without an error`
	}
}

type holder struct{ s store }

func (h *holder) run(ctx context.Context, r *kafka.Reader) { // want run:"commitsOffset" run:"durableWork"
	loop(ctx, r, h.handle)
}

// Good: the failure stops the process (the group redelivers after restart).
func saveOrDie(ctx context.Context, m kafka.Message, s store) {
	if err := s.Save(ctx, m.Key); err != nil {
		log.Fatalf("save: %v", err)
	}
}

func runOrDie(ctx context.Context, r *kafka.Reader, s store) {
	loop(ctx, r, func(ctx context.Context, m kafka.Message) {
		saveOrDie(ctx, m, s)
	})
}

// Good: a handler without results whose caller does not commit: nothing
// moves past the failure.
func notify(ctx context.Context, m kafka.Message, s store) {
	if err := s.Save(ctx, m.Key); err != nil {
		log.Printf("save: %v", err)
		return
	}
}

func fetchOnly(ctx context.Context, r *kafka.Reader, s store) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		notify(ctx, m, s)
	}
}
