// Package bus wraps a kafka-go writer behind the project's own interface.
package bus

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Emitter interface {
	Emit(ctx context.Context, topic string, body []byte) error
}

type KafkaEmitter struct{ w *kafka.Writer }

func (e *KafkaEmitter) Emit(ctx context.Context, topic string, body []byte) error {
	return e.w.WriteMessages(ctx, kafka.Message{Topic: topic, Value: body})
}
