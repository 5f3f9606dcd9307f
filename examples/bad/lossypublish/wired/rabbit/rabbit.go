// Package rabbit publishes on an amqp091 channel never put in confirm
// mode: a nil return does not mean the broker has the message.
package rabbit

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Publisher publishes to one queue.
type Publisher struct {
	ch    *amqp.Channel
	queue string
}

// New opens a channel for queue.
func New(conn *amqp.Connection, queue string) (*Publisher, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	return &Publisher{ch: ch, queue: queue}, nil
}

// Publish sends one persistent message.
func (p *Publisher) Publish(ctx context.Context, id string, body []byte) error {
	return p.ch.PublishWithContext(ctx, "", p.queue, false, false, amqp.Publishing{MessageId: id, DeliveryMode: amqp.Persistent, Body: body})
}
