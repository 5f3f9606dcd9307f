// Package kafkabus implements the publisher port with kafka-go.
package kafkabus

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Kafka struct{ w *kafka.Writer }

func New(w *kafka.Writer) *Kafka { return &Kafka{w: w} }

func (k *Kafka) Publish(ctx context.Context, topic string, body []byte) error {
	return k.w.WriteMessages(ctx, kafka.Message{Topic: topic, Value: body})
}
