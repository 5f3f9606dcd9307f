// Package mq wraps one amqp091 channel.
package mq

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Broker struct{ ch *amqp.Channel }

func (b *Broker) Publish(ctx context.Context, body []byte) error {
	return b.ch.PublishWithContext(ctx, "", "transfers", false, false, amqp.Publishing{Body: body})
}
