// Package kafkastep is one step of a Kafka saga whose writer waits for all
// in-sync replicas before WriteMessages returns: the input is committed only
// after the broker has stored the output.
package kafkastep

import (
	"context"
	"time"

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
		in: kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "payment", Topic: "inventory-reserved"}),
		out: &kafka.Writer{
			Addr:         kafka.TCP(brokers...),
			Topic:        "payment-succeeded",
			Balancer:     &kafka.Hash{},
			RequiredAcks: kafka.RequireAll,
			BatchTimeout: 10 * time.Millisecond,
		},
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
		if err := s.out.WriteMessages(ctx, out); err != nil {
			return err
		}
		if err := s.in.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
