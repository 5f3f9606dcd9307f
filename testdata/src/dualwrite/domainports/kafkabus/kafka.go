// Package kafkabus implements the publisher port with kafka-go.
package kafkabus

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Kafka struct{ w *kafka.Writer }

func (k *Kafka) Publish(ctx context.Context, topic string, body []byte) error {
	return k.w.WriteMessages(ctx, kafka.Message{Topic: topic, Value: body})
}

// New returns the publisher on w.
func New(w *kafka.Writer) *Kafka { return &Kafka{w: w} }

func (k *Kafka) PublishBatch(ctx context.Context, msgs []string) []error {
	errs := make([]error, len(msgs))
	for i, m := range msgs {
		errs[i] = k.w.WriteMessages(ctx, kafka.Message{Value: []byte(m)})
	}
	return errs
}
