// Package copyfirst holds RabbitMQ consumers whose failure path calls a
// retry helper that copies the delivery to a retry queue and acks the
// original: lost only when the ack may come without the copy.
package copyfirst

import (
	"context"
	"database/sql"
	"log"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Good: the original is acked only after the copy was published; a
// failed copy requeues it.
func retryAfterCopy(ctx context.Context, ch *amqp.Channel, d amqp.Delivery) {
	if err := ch.PublishWithContext(ctx, "retry", "q.retry", false, false, amqp.Publishing{Body: d.Body}); err != nil {
		_ = d.Nack(false, true)
		return
	}
	_ = d.Ack(false)
}

// Bad: the original is acked first.
func retryAckFirst(ctx context.Context, ch *amqp.Channel, d amqp.Delivery) {
	_ = d.Ack(false)
	if err := ch.PublishWithContext(ctx, "retry", "q.retry", false, false, amqp.Publishing{Body: d.Body}); err != nil {
		log.Printf("retry: %v", err)
	}
}

// Bad: the copy's error is only logged; the ack follows whatever became
// of it.
func retryLogged(ctx context.Context, ch *amqp.Channel, d amqp.Delivery) {
	if err := ch.PublishWithContext(ctx, "retry", "q.retry", false, false, amqp.Publishing{Body: d.Body}); err != nil {
		log.Printf("retry: %v", err) // want `\(\*amqp091\.Channel\)\.PublishWithContext fails \(copyfirst\.go:\d+\) and amqp091\.Delivery\.Ack \(copyfirst\.go:\d+\) still acks the message`
	}
	_ = d.Ack(false)
}

func consumeCopyFirst(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", d.MessageId); err != nil {
			retryAfterCopy(ctx, ch, d)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

func consumeAckFirst(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", d.MessageId); err != nil {
			retryAckFirst(ctx, ch, d)
			continue // want `\(\*sql\.DB\)\.ExecContext fails \(copyfirst\.go:\d+\) and retryAckFirst → amqp091\.Delivery\.Ack \(copyfirst\.go:\d+\) still acks the message, so it is lost`
		}
		_ = d.Ack(false)
	}
	return nil
}

func consumeLogged(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", d.MessageId); err != nil {
			retryLogged(ctx, ch, d)
			continue // want `\(\*sql\.DB\)\.ExecContext fails \(copyfirst\.go:\d+\) and retryLogged → amqp091\.Delivery\.Ack \(copyfirst\.go:\d+\) still acks the message, so it is lost`
		}
		_ = d.Ack(false)
	}
	return nil
}
