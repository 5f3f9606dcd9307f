// Package relay reserves outbox rows and hands them to sender goroutines that
// publish with the worker's ctx. Run stops when ctx is cancelled, so SIGTERM
// cuts WriteMessages in the goroutine and the rows are never marked sent: they
// are published again after the reservation expires. Reported where the fix
// goes: at send's WriteMessages, which gets the context Run stops on (issue
// 13, item 6), naming Run's stop signal.
package relay

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Event struct {
	ID      int64
	Payload []byte
}

type Worker struct {
	w        *kafka.Writer
	reserve  func(ctx context.Context) ([]Event, error)
	markSent func(ctx context.Context, ids []int64) error
}

func (w *Worker) send(ctx context.Context, jobs <-chan Event, done chan<- int64) { // want send:"reachesSink p0:writer.WriteMessages"
	for ev := range jobs {
		if err := w.w.WriteMessages(ctx, kafka.Message{Value: ev.Payload}); err != nil { // want `ctx is cancelled on shutdown \(stop signal ctx.Err\(\) at relay.go:\d+, via Run\) and reaches writer.WriteMessages`
			continue
		}
		done <- ev.ID
	}
}

func (w *Worker) Run(ctx context.Context) {
	jobs := make(chan Event)
	done := make(chan int64)
	for i := 0; i < 4; i++ {
		go w.send(ctx, jobs, done)
	}
	for ctx.Err() == nil {
		events, err := w.reserve(ctx)
		if err != nil {
			continue
		}
		ids := make([]int64, 0, len(events))
		for _, ev := range events {
			jobs <- ev
		}
		for range events {
			ids = append(ids, <-done)
		}
		_ = w.markSent(ctx, ids)
	}
}
