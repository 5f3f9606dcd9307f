package consumercommit

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// A writer that waits for all in-sync replicas: the commit follows a
// publish the broker confirmed.
type AckedStep struct {
	r *kafka.Reader
	w *kafka.Writer
}

func NewAckedStep() *AckedStep {
	return &AckedStep{
		r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "g", Topic: "in"}),
		w: &kafka.Writer{Addr: kafka.TCP("kafka:9092"), Topic: "out", RequiredAcks: kafka.RequireAll},
	}
}

// One message per call on a batching writer is a relay's throughput
// finding, not a consumer's: nothing is reported.
func (s *AckedStep) Run(ctx context.Context) error { // want Run:`oneMessage\(consumercommit\.\(\*AckedStep\)\.Run\)`
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.w.WriteMessages(ctx, m); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// A lossy publish followed by nothing that marks a row or an input: a
// counter named MarkPublished receives no row.
func (w *Worker) notify(ctx context.Context, key, value []byte) error { // want notify:`lossy\(consumercommit\.\(\*Worker\)\.notify → kafkaclient\.\(\*Producer\)\.Write\)`
	if err := w.out.Write(ctx, key, value); err != nil {
		return err
	}
	w.metrics.MarkPublished()
	return nil
}

// The commit comes before the publish (offsetorder's business, not a
// lost output after a mark).
func (w *Worker) commitFirst(ctx context.Context, m kafka.Message) error { // want commitFirst:`lossy\(consumercommit\.\(\*Worker\)\.commitFirst → kafkaclient\.\(\*Producer\)\.Write\)`
	if err := w.in.Commit(ctx, m); err != nil {
		return err
	}
	return w.out.Write(ctx, m.Key, m.Value)
}
