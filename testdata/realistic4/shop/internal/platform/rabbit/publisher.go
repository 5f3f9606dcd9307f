// Package rabbit wraps amqp091-go for the shop.
package rabbit

import (
	"context"
	"errors"
	"fmt"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Publisher sends JSON messages to one exchange.
type Publisher interface {
	Publish(ctx context.Context, routingKey string, body []byte, headers amqp.Table) error
}

// ConfirmingPublisher puts its channel in confirm mode and waits for the
// broker's ack of every message.
type ConfirmingPublisher struct {
	ch       *amqp.Channel
	exchange string
}

// NewConfirmingPublisher opens a channel on conn in confirm mode.
func NewConfirmingPublisher(conn *amqp.Connection, exchange string) (*ConfirmingPublisher, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	if err := ch.Confirm(false); err != nil {
		return nil, fmt.Errorf("confirm mode: %w", err)
	}
	return &ConfirmingPublisher{ch: ch, exchange: exchange}, nil
}

// Publish sends body and waits until the broker has it.
func (p *ConfirmingPublisher) Publish(ctx context.Context, routingKey string, body []byte, headers amqp.Table) error {
	dc, err := p.ch.PublishWithDeferredConfirmWithContext(ctx, p.exchange, routingKey, true, false, amqp.Publishing{
		ContentType:  "application/json",
		DeliveryMode: amqp.Persistent,
		Timestamp:    time.Now(),
		Headers:      headers,
		Body:         body,
	})
	if err != nil {
		return err
	}
	ok, err := dc.WaitContext(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("rabbit: broker nacked the message")
	}
	return nil
}

// FirePublisher publishes without confirmations: cheap, for metrics-grade
// traffic.
type FirePublisher struct {
	ch       *amqp.Channel
	exchange string
}

// NewFirePublisher opens a plain channel on conn.
func NewFirePublisher(conn *amqp.Connection, exchange string) (*FirePublisher, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	return &FirePublisher{ch: ch, exchange: exchange}, nil
}

// Publish hands body to the client library and returns.
func (p *FirePublisher) Publish(ctx context.Context, routingKey string, body []byte, headers amqp.Table) error {
	return p.ch.PublishWithContext(ctx, p.exchange, routingKey, false, false, amqp.Publishing{
		ContentType: "application/json",
		Headers:     headers,
		Body:        body,
	})
}
