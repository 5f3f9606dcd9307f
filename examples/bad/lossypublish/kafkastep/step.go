// Package kafkastep is one step of a Kafka saga: it reads an event, writes
// the next one on a kafka.Writer literal that sets no RequiredAcks (its zero
// value is RequireNone: acks=0) and commits the input. A write the broker
// drops still returns nil, the commit moves the group past the input, and
// the saga stops there for good.
package kafkastep

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Step consumes one topic and produces to the next.
type Step struct {
	in  *kafka.Reader
	out *kafka.Writer
}

// New builds the reader and the writer.
func New(brokers []string) *Step {
	return &Step{
		in:  kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "payment", Topic: "inventory-reserved"}),
		out: &kafka.Writer{Addr: kafka.TCP(brokers...), Topic: "payment-succeeded", Balancer: &kafka.Hash{}},
	}
}

// Run handles messages until ctx ends.
func (s *Step) Run(ctx context.Context) error {
	for {
		msg, err := s.in.FetchMessage(ctx)
		if err != nil {
			return err
		}
		out := kafka.Message{Key: msg.Key, Value: msg.Value}
		if err := s.out.WriteMessages(ctx, out); err != nil { // want: lossypublish
			return err
		}
		if err := s.in.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
