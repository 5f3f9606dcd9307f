// Package permessage relays one outbox row per WriteMessages call: each
// call waits the writer's BatchTimeout (a throughput finding).
package permessage

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

type Event struct {
	ID      string
	Payload []byte
}

type Tx interface {
	ReadEvent(ctx context.Context) (Event, error)
	MarkEventAsSent(ctx context.Context, id string) error
}

type relayInput struct {
	writer *kafka.Writer
}

func run(brokers []string, in chan relayInput) func(context.Context, Tx) error {
	writer := kafka.NewWriter(kafka.WriterConfig{Brokers: brokers, Topic: "confirmations"})
	return relayOne(relayInput{writer: writer})
}

func relayOne(in relayInput) func(context.Context, Tx) error {
	writer := in.writer
	return func(ctx context.Context, tx Tx) error {
		e, err := tx.ReadEvent(ctx)
		if err != nil {
			return err
		}
		if err := writer.WriteMessages(ctx, kafka.Message{Value: e.Payload}); err != nil { // want `relay marks rows published \(MarkEventAsSent, line 41\) after WriteMessages of one message per call on a writer with the default batching \(BatchSize 100, BatchTimeout 1 s; relay.go:27\): throughput`
			return err
		}
		return tx.MarkEventAsSent(ctx, e.ID)
	}
}

// loop: one message per call in a loop, on a literal with acks.
type Worker struct {
	w *kafka.Writer
}

func NewWorker() *Worker {
	return &Worker{w: &kafka.Writer{Topic: "t", RequiredAcks: kafka.RequireAll}}
}

func (wk *Worker) drain(ctx context.Context, tx Tx, events []Event) error {
	for _, e := range events {
		if err := wk.w.WriteMessages(ctx, kafka.Message{Value: e.Payload}); err != nil { // want `after WriteMessages of one message per call`
			return err
		}
		if err := tx.MarkEventAsSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}

// BatchSize 1 flushes at once: not reported.
type Fast struct {
	w *kafka.Writer
}

func NewFast() *Fast {
	return &Fast{w: &kafka.Writer{Topic: "t", RequiredAcks: kafka.RequireAll, BatchSize: 1}}
}

func (f *Fast) drain(ctx context.Context, tx Tx, events []Event) error {
	for _, e := range events {
		if err := f.w.WriteMessages(ctx, kafka.Message{Value: e.Payload}); err != nil {
			return err
		}
		if err := tx.MarkEventAsSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}

// An explicit BatchTimeout that still waits: the message names it.
type Slow struct {
	w *kafka.Writer
}

func NewSlow() *Slow {
	return &Slow{w: &kafka.Writer{Topic: "t", RequiredAcks: kafka.RequireAll, BatchTimeout: 500 * time.Millisecond}}
}

func (s *Slow) drain(ctx context.Context, tx Tx, events []Event) error {
	for _, e := range events {
		if err := s.w.WriteMessages(ctx, kafka.Message{Value: e.Payload}); err != nil { // want `after WriteMessages of one message per call on a writer with batching that waits \(BatchTimeout 500ms; relay.go:93\): throughput`
			return err
		}
		if err := tx.MarkEventAsSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}
