// Package bus publishes events with kafka-go.
package bus

import (
	"context"

	"github.com/segmentio/kafka-go"

	"github.com/idemlint/idemlint/examples/bad/dualwrite/domainports/domain"
)

// Kafka publishes on one writer.
type Kafka struct{ w *kafka.Writer }

// New returns the publisher.
func New(w *kafka.Writer) *Kafka { return &Kafka{w: w} }

// PublishEvent writes one event to topic.
func (k *Kafka) PublishEvent(ctx context.Context, topic, key string, e domain.Event) error {
	return k.w.WriteMessages(ctx, kafka.Message{Topic: topic, Key: []byte(key), Value: e.Payload})
}
