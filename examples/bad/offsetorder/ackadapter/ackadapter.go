// Package ackadapter hands each RabbitMQ delivery on behind the service's
// own Delivery interface (an adapter over amqp.Delivery, for tests). When
// the email fails, the retry helper acks the delivery and only then puts a
// copy on the retry queue: a crash, or a failed publish (only logged), in
// between loses the notification for good (offsetorder reports the ack
// before the copy; skipcommit the failure path that reaches it).
package ackadapter

import (
	"context"
	"log/slog"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Delivery interface {
	Body() []byte
	Ack(multiple bool) error
	Nack(multiple, requeue bool) error
}

type Adapter struct{ D amqp.Delivery }

func (a *Adapter) Body() []byte                      { return a.D.Body }
func (a *Adapter) Ack(multiple bool) error           { return a.D.Ack(multiple) }
func (a *Adapter) Nack(multiple, requeue bool) error { return a.D.Nack(multiple, requeue) }

type Mailer interface {
	Send(ctx context.Context, body []byte) error
}

type Worker struct {
	Ch     *amqp.Channel
	Mailer Mailer
}

func (w *Worker) retry(ctx context.Context, d Delivery) {
	if err := d.Ack(false); err != nil { // want: offsetorder
		slog.Error("ack", "error", err)
	}
	err := w.Ch.PublishWithContext(ctx, "retry", "notifications.retry", false, false, amqp.Publishing{Body: d.Body()})
	if err != nil {
		slog.Error("retry publish", "error", err)
	}
}

func (w *Worker) process(ctx context.Context, d Delivery) {
	if err := w.Mailer.Send(ctx, d.Body()); err != nil {
		w.retry(ctx, d)
		return // want: skipcommit
	}
	_ = d.Ack(false)
}

func (w *Worker) Run(ctx context.Context) error {
	msgs, err := w.Ch.Consume("notifications", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for m := range msgs {
		w.process(ctx, &Adapter{D: m})
	}
	return nil
}
