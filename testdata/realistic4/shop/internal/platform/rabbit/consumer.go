package rabbit

import (
	"context"
	"log/slog"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Handler handles one delivery.
type Handler func(ctx context.Context, d amqp.Delivery) error

// Subscription consumes one queue with manual acks.
type Subscription struct {
	ch    *amqp.Channel
	queue string
	log   *slog.Logger
}

// NewSubscription opens a channel with a prefetch of 16.
func NewSubscription(conn *amqp.Connection, queue string, log *slog.Logger) (*Subscription, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	if err := ch.Qos(16, 0, false); err != nil {
		return nil, err
	}
	return &Subscription{ch: ch, queue: queue, log: log}, nil
}

// Serve acks each delivery after h succeeds and rejects it (to the queue's
// dead-letter exchange) after h fails.
func (s *Subscription) Serve(ctx context.Context, h Handler) error {
	deliveries, err := s.ch.Consume(s.queue, "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case d, ok := <-deliveries:
			if !ok {
				return amqp.ErrClosed
			}
			if err := h(ctx, d); err != nil {
				s.log.Error("handler failed, dead-lettering", "queue", s.queue, "err", err)
				if err := d.Nack(false, false); err != nil { // FP: skipcommit — Nack without requeue dead-letters through the queue's x-dead-letter-exchange, declared in the broker definitions outside the module; the SPEC keeps such a finding (safety static analysis cannot see) with a message that says what makes it safe
					return err
				}
				continue
			}
			if err := d.Ack(false); err != nil {
				return err
			}
		}
	}
}

// Channel exposes the channel for consumers that manage acks themselves.
func (s *Subscription) Channel() *amqp.Channel { return s.ch }
