package amqpdlx // want package:"declaresDeadLetter"

// The package declares its queue with a dead-letter exchange: a reject
// without requeue dead-letters the message.

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

var queueArgs = amqp.Table{"x-dead-letter-exchange": "orders.dlx"}

type handler interface {
	Handle(ctx context.Context, body []byte) error
}

// Good: the queue's dead-letter exchange takes the rejected delivery.
func rejectToDLX(ctx context.Context, deliveries <-chan amqp.Delivery, h handler) {
	for d := range deliveries {
		if err := h.Handle(ctx, d.Body); err != nil {
			_ = d.Reject(false)
			continue
		}
		_ = d.Ack(false)
	}
}
