// Package lossy publishes with a writer that waits for no acknowledgement,
// and registers its named constructor in a module function.
package lossy

import (
	"context"

	"github.com/segmentio/kafka-go"
	"go.uber.org/fx"

	"lossypublish/fxmodule/app"
)

type Publisher struct{ w *kafka.Writer }

func NewPublisher() *Publisher {
	return &Publisher{w: &kafka.Writer{Topic: "events", RequiredAcks: kafka.RequireNone}}
}

func (p *Publisher) Publish(ctx context.Context, e app.Event) error { // want Publish:`lossy\(lossy\.\(\*Publisher\)\.Publish\)`
	return p.w.WriteMessages(ctx, kafka.Message{Key: []byte(e.ID), Value: e.Payload})
}

// Module registers the publisher as the relay's port.
func Module() fx.Option {
	return fx.Module("lossy",
		fx.Provide(NewPublisher),
		fx.Provide(func(p *Publisher) app.Publisher { return p }),
	)
}
