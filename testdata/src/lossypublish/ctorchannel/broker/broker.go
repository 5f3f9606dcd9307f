// Package broker opens AMQP channels, with or without confirm mode, and
// wraps a channel it is given in a publisher. Whether a publish can
// report a loss is decided where the channel meets the publisher (../relay).
package broker

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Open opens a channel and never puts it in confirm mode.
func Open(url string) (*amqp.Channel, error) { // want Open:"channel\\(broker.go:\\d+\\)"
	conn, err := amqp.Dial(url)
	if err != nil {
		return nil, err
	}
	return conn.Channel()
}

// OpenConfirmed opens a channel in confirm mode whose confirmations are read.
func OpenConfirmed(url string) (*amqp.Channel, <-chan amqp.Confirmation, error) { // want OpenConfirmed:"channel\\(broker.go:\\d+, confirm, notify\\)"
	conn, err := amqp.Dial(url)
	if err != nil {
		return nil, nil, err
	}
	ch, err := conn.Channel()
	if err != nil {
		return nil, nil, err
	}
	if err := ch.Confirm(false); err != nil {
		return nil, nil, err
	}
	return ch, ch.NotifyPublish(make(chan amqp.Confirmation, 1)), nil
}

// Publisher keeps the channel its constructor is given.
type Publisher struct {
	log     *amqp.Channel
	channel *amqp.Channel
}

// NewPublisher keeps ch; the audit channel log only logs.
func NewPublisher(log, ch *amqp.Channel) *Publisher {
	return &Publisher{log: log, channel: ch}
}

func (p *Publisher) Publish(ctx context.Context, body []byte) error { // want Publish:"heldPublish\\(Publisher.f1: broker.\\(\\*Publisher\\).Publish\\)"
	return p.channel.PublishWithContext(ctx, "events", "order", true, false, amqp.Publishing{Body: body})
}

// Options configures a publisher.
type Options struct {
	Exchange string
	Channel  *amqp.Channel
}

// NewFromOptions keeps the options' channel.
func NewFromOptions(o Options) *Publisher {
	return &Publisher{channel: o.Channel}
}
