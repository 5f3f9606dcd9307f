// Package rabbit publishes with wagslane/go-rabbitmq's PublishWithContext,
// which waits for no publisher confirmation.
package rabbit

import (
	"context"

	rabbitmq "github.com/wagslane/go-rabbitmq"

	"realworld/lossypublish/fanout-broker/messaging"
)

type Publisher struct {
	pub *rabbitmq.Publisher
}

func New(pub *rabbitmq.Publisher) *Publisher { return &Publisher{pub: pub} }

var _ messaging.Broker = (*Publisher)(nil)

func (p *Publisher) Publish(ctx context.Context, topic string, payload []byte) error { // want Publish:`lossy\(rabbit.\(\*Publisher\).Publish\)`
	return p.pub.PublishWithContext(ctx, payload, []string{topic})
}
