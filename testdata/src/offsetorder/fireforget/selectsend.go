package fireforget

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Bad: the hand-off to a worker channel is a select case beside
// ctx.Done(), then commit.
func WorkerChanSelect(ctx context.Context, r *kafka.Reader, jobs chan<- kafka.Message) { // want WorkerChanSelect:"commitsOffset"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		select {
		case jobs <- m:
		case <-ctx.Done():
			return
		}
		r.CommitMessages(ctx, m) // want `while a send to a worker channel \(selectsend.go:17\)`
	}
}

// Good: the same select hand-off, and the worker's done signal received
// before the commit.
func WorkerChanSelectDone(ctx context.Context, r *kafka.Reader, jobs chan<- kafka.Message, done <-chan struct{}) { // want WorkerChanSelectDone:"commitsOffset"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		select {
		case jobs <- m:
		case <-ctx.Done():
			return
		}
		<-done
		r.CommitMessages(ctx, m)
	}
}

// Good: a select that sends something other than the message (a tick).
func WorkerChanSelectTick(ctx context.Context, r *kafka.Reader, ticks chan<- int) { // want WorkerChanSelectTick:"commitsOffset"
	n := 0
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		n++
		select {
		case ticks <- n:
		default:
		}
		r.CommitMessages(ctx, m)
	}
}
