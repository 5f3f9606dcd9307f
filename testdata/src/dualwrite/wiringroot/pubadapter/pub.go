// Package pubadapter publishes with kafka-go; it does not import the use
// case.
package pubadapter

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Kafka struct{ w *kafka.Writer }

func New(w *kafka.Writer) *Kafka { return &Kafka{w: w} }

func (k *Kafka) Publish(ctx context.Context, topic string, body []byte) error {
	return k.w.WriteMessages(ctx, kafka.Message{Topic: topic, Value: body})
}

type StdoutLogger struct{}

func (StdoutLogger) Info(string) {}
