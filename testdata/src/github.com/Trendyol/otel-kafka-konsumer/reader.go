// Stub of github.com/Trendyol/otel-kafka-konsumer v0.0.7 (reader.go): only
// the declarations idemlint's tests use. The real Reader wraps a kafka-go
// Reader for tracing; its ReadMessage calls the wrapped reader's ReadMessage
// (which commits on a group reader) and returns a pointer to the message.
package otelkafkakonsumer

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Option func(*Config)

type Config struct{}

type Reader struct {
	R           *kafka.Reader
	TraceConfig *Config
}

func NewReader(r *kafka.Reader, opts ...Option) (*Reader, error) { return &Reader{R: r}, nil }

func (r *Reader) ReadMessage(ctx context.Context) (*kafka.Message, error) {
	return &kafka.Message{}, nil
}

func (r *Reader) FetchMessage(ctx context.Context, message *kafka.Message) error { return nil }

func (r *Reader) CommitMessages(ctx context.Context, msgs ...kafka.Message) error { return nil }

func (r *Reader) Close() error { return nil }
