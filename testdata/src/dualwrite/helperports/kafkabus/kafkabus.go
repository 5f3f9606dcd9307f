// Package kafkabus implements the publisher port with kafka-go.
package kafkabus

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Bus struct{ w *kafka.Writer }

func New(w *kafka.Writer) *Bus { return &Bus{w: w} }

func (b *Bus) Publish(ctx context.Context, topic, id string) error {
	return b.w.WriteMessages(ctx, kafka.Message{Topic: topic, Key: []byte(id)})
}
