// Package kafkapub publishes with kafka-go.
package kafkapub

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Publisher writes events to a topic.
type Publisher struct{ w *kafka.Writer }

// New returns a publisher on w.
func New(w *kafka.Writer) *Publisher { return &Publisher{w: w} }

// Publish writes one event.
func (p *Publisher) Publish(ctx context.Context, key string, body []byte) error {
	return p.w.WriteMessages(ctx, kafka.Message{Key: []byte(key), Value: body})
}
