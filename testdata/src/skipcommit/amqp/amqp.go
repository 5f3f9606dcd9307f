// Package amqp holds amqp091 delivery loops; no queue in sight declares a
// dead-letter exchange.
package amqp

import (
	"context"
	"log"

	amqp "github.com/rabbitmq/amqp091-go"
)

type handler interface {
	Handle(ctx context.Context, body []byte) error
}

// Bad: the failure is logged and the delivery acked anyway.
func ackAnyway(ctx context.Context, deliveries <-chan amqp.Delivery, h handler) {
	for d := range deliveries {
		if err := h.Handle(ctx, d.Body); err != nil {
			log.Printf("handle: %v", err) // want `handler.Handle fails \(amqp.go:19\) and amqp091.Delivery.Ack \(amqp.go:22\) still acks the message`
		}
		_ = d.Ack(false)
	}
}

// Bad: rejected without requeue and no dead-letter exchange: dropped.
func rejectNoDLX(ctx context.Context, deliveries <-chan amqp.Delivery, h handler) {
	for d := range deliveries {
		if err := h.Handle(ctx, d.Body); err != nil {
			if err := d.Reject(false); err != nil { // want `handler.Handle fails \(amqp.go:29\) and amqp091.Delivery.Reject \(amqp.go:30\) rejects it without requeue; no queue in sight declares an x-dead-letter-exchange`
				log.Printf("reject: %v", err)
			}
			continue
		}
		_ = d.Ack(false)
	}
}

// Good: negative ack with requeue: delivered again.
func nackRequeue(ctx context.Context, deliveries <-chan amqp.Delivery, h handler) {
	for d := range deliveries {
		if err := h.Handle(ctx, d.Body); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
}

// Good: left unacked, the delivery comes back when the channel closes.
func leaveUnacked(ctx context.Context, deliveries <-chan amqp.Delivery, h handler) {
	for d := range deliveries {
		if err := h.Handle(ctx, d.Body); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
		_ = d.Ack(false)
	}
}

// Not this analyzer's: acked on arrival (offsetorder reports the early
// ack); a failure after it reaches only the next delivery, whose ack is
// its own, not a cumulative commit.
func ackFirst(ctx context.Context, deliveries <-chan amqp.Delivery, h handler) {
	for d := range deliveries {
		_ = d.Ack(false)
		if err := h.Handle(ctx, d.Body); err != nil {
			log.Printf("handle: %v", err)
		}
	}
}
