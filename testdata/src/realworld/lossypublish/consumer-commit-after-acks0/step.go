// Package step is one step of a Kafka saga (batch3 sweep): it reads an event,
// writes the next event on a kafka.Writer literal that sets no RequiredAcks
// (zero value RequireNone: acks=0), then commits the input's offset. With
// acks=0 the broker sends no answer, so a write it drops returns nil and the
// commit moves the group past an input whose output never existed: the saga
// stops there for good. The commit plays the part of an outbox relay's mark.
package step

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Step struct {
	in  *kafka.Reader
	out *kafka.Writer
}

func New(brokers []string) *Step {
	return &Step{
		in:  kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "payment", Topic: "inventory"}),
		out: &kafka.Writer{Addr: kafka.TCP(brokers...), Topic: "payment"},
	}
}

func (s *Step) Run(ctx context.Context) error { // want Run:`lossy\(step\.\(\*Step\)\.Run\)`
	for {
		msg, err := s.in.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.out.WriteMessages(ctx, kafka.Message{Key: msg.Key, Value: msg.Value}); err != nil { // want `RequireNone`
			return err
		}
		if err := s.in.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

// Acked waits for all in-sync replicas before the commit.
type Acked struct {
	in  *kafka.Reader
	out *kafka.Writer
}

func NewAcked(brokers []string) *Acked {
	return &Acked{
		in:  kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "payment", Topic: "inventory"}),
		out: &kafka.Writer{Addr: kafka.TCP(brokers...), Topic: "payment", RequiredAcks: kafka.RequireAll},
	}
}

func (s *Acked) Run(ctx context.Context) error { // want Run:`oneMessage\(step\.\(\*Acked\)\.Run\)`
	for {
		msg, err := s.in.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.out.WriteMessages(ctx, kafka.Message{Key: msg.Key, Value: msg.Value}); err != nil {
			return err
		}
		if err := s.in.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
