// Stub of github.com/segmentio/kafka-go v0.4.51: only the declarations idemlint's tests use.
package kafka

import (
	"context"
	"time"
)

type Writer struct {
	Addr         Addr
	Topic        string
	BatchSize    int
	BatchTimeout time.Duration
	RequiredAcks RequiredAcks
	Async        bool
}

func (w *Writer) WriteMessages(ctx context.Context, msgs ...Message) error { return nil }
