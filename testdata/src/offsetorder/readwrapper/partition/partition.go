// Package partition wraps a kafka-go partition reader: no GroupID, so
// ReadMessage commits nothing.
package partition

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Reader struct{ r *kafka.Reader }

func New(topic string) *Reader {
	return &Reader{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, Topic: topic, Partition: 0})}
}

func (p *Reader) Next(ctx context.Context) (kafka.Message, error) {
	return p.r.ReadMessage(ctx)
}
