// Package acked publishes with a writer that waits for every in-sync
// replica, registered from a closure in a module variable: the correct
// form, wired the same way.
package acked

import (
	"context"

	"github.com/segmentio/kafka-go"
	"go.uber.org/fx"

	"lossypublish/fxmodule/app"
)

type Publisher struct{ w *kafka.Writer }

func (p *Publisher) Publish(ctx context.Context, e app.Event) error {
	return p.w.WriteMessages(ctx, kafka.Message{Key: []byte(e.ID), Value: e.Payload})
}

var Module = fx.Module("acked",
	fx.Provide(func() app.Publisher {
		return &Publisher{w: &kafka.Writer{Topic: "events", RequiredAcks: kafka.RequireAll, BatchSize: 1}}
	}),
)
