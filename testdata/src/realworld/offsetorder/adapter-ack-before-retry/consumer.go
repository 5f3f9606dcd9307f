// Package consumer is a notification worker on RabbitMQ (batch4 sweep). For
// testability the delivery is wrapped in the project's own Delivery
// interface (an adapter over amqp.Delivery). When an email fails, the retry
// helper acks the delivery first and only then copies it to a delayed
// retry queue, with the publish error only logged: a crash or a failed
// publish between the two drops the notification.
package consumer

import (
	"context"
	"log"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Delivery interface {
	Body() []byte
	Ack(multiple bool) error
	Nack(multiple, requeue bool) error
}

type adapter struct{ d amqp.Delivery }

func (a adapter) Body() []byte                      { return a.d.Body }
func (a adapter) Ack(multiple bool) error           { return a.d.Ack(multiple) } // want Ack:"commitsOffset"
func (a adapter) Nack(multiple, requeue bool) error { return a.d.Nack(multiple, requeue) }

type Sender interface {
	Send(ctx context.Context, body []byte) error
}

func retry(ctx context.Context, ch *amqp.Channel, d Delivery) {
	if err := d.Ack(false); err != nil { // want `message acknowledged`
		log.Printf("ack: %v", err)
	}
	if err := ch.PublishWithContext(ctx, "retry", "notifications.retry", false, false, amqp.Publishing{Body: d.Body()}); err != nil {
		log.Printf("retry publish: %v", err)
	}
}

func process(ctx context.Context, ch *amqp.Channel, s Sender, d Delivery) {
	if err := s.Send(ctx, d.Body()); err != nil {
		retry(ctx, ch, d)
		return
	}
	_ = d.Ack(false)
}

func Run(ctx context.Context, ch *amqp.Channel, s Sender) error { // want Run:"commitsOffset" Run:"durableWork"
	msgs, err := ch.Consume("notifications", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for m := range msgs {
		process(ctx, ch, s, adapter{d: m})
	}
	return nil
}

// retryAfterPublish is the correct order: the copy is in the retry queue
// before the original is acked, and a failed copy requeues the original.
func retryAfterPublish(ctx context.Context, ch *amqp.Channel, d amqp.Delivery) {
	if err := ch.PublishWithContext(ctx, "retry", "notifications.retry", false, false, amqp.Publishing{Body: d.Body}); err != nil {
		_ = d.Nack(false, true)
		return
	}
	_ = d.Ack(false)
}
