// Package broker connects to RabbitMQ (the channel is never put in
// confirm mode) and wraps a channel it is given in a publisher.
package broker

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

// RabbitMQ holds the connection and its channel.
type RabbitMQ struct {
	Conn    *amqp.Connection
	Channel *amqp.Channel
}

// Connect dials and opens the channel.
func (r *RabbitMQ) Connect(url string) error {
	conn, err := amqp.Dial(url)
	if err != nil {
		return err
	}
	ch, err := conn.Channel()
	if err != nil {
		return err
	}
	r.Conn, r.Channel = conn, ch
	return nil
}

// Publisher publishes events on the channel it is given.
type Publisher struct {
	channel  *amqp.Channel
	exchange string
}

// NewPublisher keeps ch.
func NewPublisher(ch *amqp.Channel, exchange string) *Publisher {
	return &Publisher{channel: ch, exchange: exchange}
}

// Publish sends one event.
func (p *Publisher) Publish(ctx context.Context, id string, body []byte) error {
	return p.channel.PublishWithContext(ctx, p.exchange, "events", true, false, amqp.Publishing{
		MessageId:    id,
		DeliveryMode: amqp.Persistent,
		Body:         body,
	})
}
