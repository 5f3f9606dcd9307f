// want package:`wired\(1\)`

// Package adapter implements usecase.EventWriter with kafka-go.
package adapter

import (
	"context"

	"github.com/segmentio/kafka-go"

	"dualwrite/wiring/usecase"
)

var _ usecase.EventWriter = (*Writer)(nil)

type Writer struct{ w *kafka.Writer }

func (w *Writer) OrderPlaced(ctx context.Context, id string) error { // want `usecase\.\(\*Orders\)\.Place \(usecase\.go:40\) writes to the database \(store\.\(\*PgItems\)\.Add → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(usecase\.EventWriter\.OrderPlaced → … → \(\*kafka\.Writer\)\.WriteMessages\) with no outbox: a crash between them loses the event; insert an outbox row in the same transaction and publish from a relay \(the interface is implemented here\)`
	return w.w.WriteMessages(ctx, kafka.Message{Key: []byte(id)})
}

type logger struct{}

func (logger) Info(msg string) {}

var _ usecase.Logger = logger{}
