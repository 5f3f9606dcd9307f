// Package broker opens the RabbitMQ connection and channel (never put in
// confirm mode) and wraps a channel it is given in a publisher (batch4
// sweep: an outbox worker). The channel reaches the publisher through
// main: Connect stores it in RabbitMQ.Channel, main hands that field to
// NewPublisher, which keeps it in Publisher.channel.
package broker

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

type RabbitMQ struct {
	Conn    *amqp.Connection
	Channel *amqp.Channel // want Channel:"channel\\(broker.go:24\\)"
}

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

type Publisher struct {
	channel  *amqp.Channel
	exchange string
}

func NewPublisher(ch *amqp.Channel, exchange string) *Publisher {
	return &Publisher{channel: ch, exchange: exchange}
}

func (p *Publisher) Publish(ctx context.Context, id string, body []byte) error { // want Publish:"heldPublish\\(Publisher.f0: broker.\\(\\*Publisher\\).Publish\\)"
	return p.channel.PublishWithContext(ctx, p.exchange, "transaction.created", true, false, amqp.Publishing{MessageId: id, Body: body})
}
