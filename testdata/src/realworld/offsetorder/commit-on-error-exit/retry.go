// Package retry is the retry-topic consumer of a payment worker (batch4
// sweep). Before processing a retried payment it asks a helper whether the
// retry limit is exceeded; the helper then marks the order failed, parks
// the job, commits the message and returns an error, on which the caller
// stops. The commit happens only on that error exit, so it never comes
// before the payment: the helper's error return is where it committed.
package retry

import (
	"context"
	"errors"
	"log"

	"github.com/segmentio/kafka-go"
)

type Job struct {
	Key      string
	Attempts int
}

type Processor interface {
	Process(ctx context.Context, key string) error
}

type Worker struct {
	r    *kafka.Reader
	proc Processor
	max  int
}

func (w *Worker) limitExceeded(ctx context.Context, job Job, m kafka.Message) error { // want limitExceeded:"commitsOffset"
	if job.Attempts <= w.max {
		return nil
	}
	log.Printf("job %s: retry limit exceeded", job.Key)
	if err := w.r.CommitMessages(ctx, m); err != nil {
		log.Printf("commit: %v", err)
	}
	return errors.New("retry limit exceeded")
}

func (w *Worker) handle(ctx context.Context, m kafka.Message) { // want handle:"commitsOffset" handle:"durableWork"
	job := Job{Key: string(m.Key), Attempts: len(m.Headers)}
	if err := w.limitExceeded(ctx, job, m); err != nil {
		return
	}
	if err := w.proc.Process(ctx, job.Key); err != nil {
		log.Printf("process %s: %v", job.Key, err)
		return
	}
	if err := w.r.CommitMessages(ctx, m); err != nil {
		log.Printf("commit: %v", err)
	}
}

// handleEarly is the bug the rule is for: a helper that commits on its
// success path, before the payment.
func (w *Worker) handleEarly(ctx context.Context, m kafka.Message) { // want handleEarly:"commitsOffset" handleEarly:"durableWork"
	if err := w.ack(ctx, m); err != nil { // want `offset committed by \(\*Worker\).ack`
		return
	}
	if err := w.proc.Process(ctx, string(m.Key)); err != nil {
		log.Printf("process: %v", err)
	}
}

func (w *Worker) ack(ctx context.Context, m kafka.Message) error { // want ack:"commitsOffset"
	return w.r.CommitMessages(ctx, m)
}
