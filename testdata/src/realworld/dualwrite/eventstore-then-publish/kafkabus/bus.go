// Package kafkabus publishes an event to Kafka on a synchronous writer.
package kafkabus

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

type Bus struct{ brokers []string }

func (b *Bus) PublishEvent(ctx context.Context, topic, key string, event interface{}) error {
	w := &kafka.Writer{Addr: kafka.TCP(b.brokers...), Topic: topic, RequiredAcks: kafka.RequireAll}
	defer w.Close()
	body, err := json.Marshal(event)
	if err != nil {
		return err
	}
	return w.WriteMessages(ctx, kafka.Message{Key: []byte(key), Value: body})
}
