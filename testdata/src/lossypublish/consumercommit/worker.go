// Package consumercommit: consumers that publish their output on an acks=0
// writer and then commit the input (directly, through a wrapper, or by
// recording it in an idempotency store): an output the broker drops is lost
// and the input is never handled again.
package consumercommit

import (
	"context"

	"github.com/segmentio/kafka-go"

	"lossypublish/consumercommit/idempotency"
	"lossypublish/consumercommit/kafkaclient"
)

// Observability counts what the worker does (a Prometheus counter).
type Observability struct{ published int }

func (o *Observability) MarkPublished() { o.published++ }

type Worker struct {
	in      *kafkaclient.Consumer
	out     *kafkaclient.Producer
	dlq     *kafkaclient.Producer
	seen    idempotency.Store
	metrics *Observability
}

// The counter named MarkPublished is not the mark: the commit is.
func (w *Worker) Run(ctx context.Context) error { // want Run:`lossy\(consumercommit\.\(\*Worker\)\.Run → kafkaclient\.\(\*Producer\)\.Write\)`
	for {
		msg, err := w.in.Fetch(ctx)
		if err != nil {
			return err
		}
		if err := w.dlq.Write(ctx, msg.Key, msg.Value); err != nil { // want `the consumer commits its input \(kafkaclient\.\(\*Consumer\)\.Commit → \(\*kafka\.Reader\)\.CommitMessages, line 40\) after kafkaclient\.\(\*Producer\)\.Write → WriteMessages on a writer without RequiredAcks`
			return err
		}
		w.metrics.MarkPublished()
		if err := w.in.Commit(ctx, msg); err != nil {
			return err
		}
	}
}

// The input recorded in the idempotency store comes first.
func (w *Worker) handle(ctx context.Context, msg kafka.Message, eventID string) error { // want handle:`lossy\(consumercommit\.\(\*Worker\)\.handle → kafkaclient\.\(\*Producer\)\.Write\)`
	if err := w.out.Write(ctx, msg.Key, msg.Value); err != nil { // want `the consumer records its input handled \(Mark, line 52\) after kafkaclient\.\(\*Producer\)\.Write`
		return err
	}
	w.metrics.MarkPublished()
	if err := w.seen.Mark(ctx, eventID); err != nil {
		return err
	}
	return w.in.Commit(ctx, msg)
}

// kafka-go itself: FetchMessage, WriteMessages on an acks=0 literal,
// CommitMessages.
type Step struct {
	r *kafka.Reader
	w *kafka.Writer
}

func NewStep() *Step {
	return &Step{
		r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "g", Topic: "in"}),
		w: &kafka.Writer{Addr: kafka.TCP("kafka:9092"), Topic: "out", RequiredAcks: kafka.RequireNone},
	}
}

func (s *Step) Run(ctx context.Context) error { // want Run:`lossy\(consumercommit\.\(\*Step\)\.Run\)`
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.w.WriteMessages(ctx, m); err != nil { // want `the consumer commits its input \(\(\*kafka\.Reader\)\.CommitMessages, line 81\) after WriteMessages on a writer with RequiredAcks: RequireNone`
			return err
		}
		if err := s.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
