// Package kafkapub implements orders.Events on kafka-go without importing it.
package kafkapub

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Publisher struct{ w *kafka.Writer }

func New(topic string) *Publisher {
	return &Publisher{w: &kafka.Writer{Addr: kafka.TCP("kafka:9092"), Topic: topic}}
}

func (p *Publisher) Publish(ctx context.Context, id string) error {
	return p.w.WriteMessages(ctx, kafka.Message{Key: []byte(id), Value: []byte(id)})
}
