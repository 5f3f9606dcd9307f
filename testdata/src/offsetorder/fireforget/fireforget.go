// Package fireforget hands messages to goroutines.
package fireforget

import (
	"context"
	"sync"

	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"
)

type Handler interface {
	Handle(ctx context.Context, m kafka.Message) error
}

// Bad: go handle(msg), then commit.
func GoThenCommit(ctx context.Context, r *kafka.Reader, h Handler) { // want GoThenCommit:"commitsOffset" GoThenCommit:"durableWork"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		go h.Handle(ctx, m)
		r.CommitMessages(ctx, m) // want `offset committed by \(\*kafka.Reader\).CommitMessages while go Handler.Handle \(fireforget.go:23\) may still be handling the message`
	}
}

// Bad: errgroup without Wait before the commit.
func GroupNoWait(ctx context.Context, r *kafka.Reader, h Handler, batch []kafka.Message) { // want GroupNoWait:"commitsOffset" GroupNoWait:"durableWork"
	var g errgroup.Group
	for _, m := range batch {
		g.Go(func() error { return h.Handle(ctx, m) })
	}
	r.CommitMessages(ctx, batch...) // want `offset committed by \(\*kafka.Reader\).CommitMessages while \(\*errgroup.Group\).Go \(fireforget.go:32\)`
	g.Wait()
}

// Good: errgroup with Wait before the commit.
func GroupWait(ctx context.Context, r *kafka.Reader, h Handler, batch []kafka.Message) error { // want GroupWait:"commitsOffset" GroupWait:"durableWork"
	var g errgroup.Group
	for _, m := range batch {
		g.Go(func() error { return h.Handle(ctx, m) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return r.CommitMessages(ctx, batch...)
}

// Bad: a worker channel, then commit.
func WorkerChan(ctx context.Context, r *kafka.Reader, jobs chan<- kafka.Message) { // want WorkerChan:"commitsOffset"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		jobs <- m
		r.CommitMessages(ctx, m) // want `while a send to a worker channel \(fireforget.go:57\)`
	}
}

// Good: a worker channel and a done channel received before the commit.
func WorkerDone(ctx context.Context, r *kafka.Reader, jobs chan<- kafka.Message, done <-chan error) { // want WorkerDone:"commitsOffset"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		jobs <- m
		if err := <-done; err != nil {
			return
		}
		r.CommitMessages(ctx, m)
	}
}

// Good: a WaitGroup waited for before the commit.
func WaitGroup(ctx context.Context, r *kafka.Reader, h Handler, batch []kafka.Message) { // want WaitGroup:"commitsOffset" WaitGroup:"durableWork"
	var wg sync.WaitGroup
	for _, m := range batch {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.Handle(ctx, m)
		}()
	}
	wg.Wait()
	r.CommitMessages(ctx, batch...)
}
