// Package rabbit has two publishers behind one interface: one waits for
// the broker's confirmation, the other does not.
package rabbit

import (
	"context"
	"errors"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Publisher interface {
	Publish(ctx context.Context, key string, body []byte) error
}

type ConfirmingPublisher struct{ ch *amqp.Channel }

func NewConfirmingPublisher(conn *amqp.Connection) (*ConfirmingPublisher, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	if err := ch.Confirm(false); err != nil {
		return nil, err
	}
	return &ConfirmingPublisher{ch: ch}, nil
}

func (p *ConfirmingPublisher) Publish(ctx context.Context, key string, body []byte) error {
	dc, err := p.ch.PublishWithDeferredConfirmWithContext(ctx, "events", key, true, false, amqp.Publishing{Body: body})
	if err != nil {
		return err
	}
	ok, err := dc.WaitContext(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("nacked")
	}
	return nil
}

type FirePublisher struct{ ch *amqp.Channel }

func NewFirePublisher(conn *amqp.Connection) (*FirePublisher, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	return &FirePublisher{ch: ch}, nil
}

func (p *FirePublisher) Publish(ctx context.Context, key string, body []byte) error { // want Publish:`lossy\(rabbit.\(\*FirePublisher\).Publish\)`
	return p.ch.PublishWithContext(ctx, "events", key, false, false, amqp.Publishing{Body: body})
}
