// Package amqp holds RabbitMQ (amqp091-go) consumers: acks before and after the work.
package amqp

import (
	"context"
	"database/sql"
	"encoding/json"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Event struct{ ID string }

// Bad: the delivery is acked, then written: a SIGTERM in between loses it.
func AckFirst(ctx context.Context, ch *amqp.Channel, db *sql.DB) error { // want AckFirst:"commitsOffset" AckFirst:"durableWork"
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		_ = d.Ack(false) // want `offset committed by amqp091\.Delivery\.Ack before \(\*sql\.DB\)\.ExecContext \(amqp\.go:26\) handles the message`
		var ev Event
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", ev.ID); err != nil {
			return err
		}
	}
	return nil
}

// Good: the ack comes after the write.
func AckAfter(ctx context.Context, ch *amqp.Channel, db *sql.DB) error { // want AckAfter:"commitsOffset" AckAfter:"durableWork"
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		var ev Event
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			_ = d.Reject(false)
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", ev.ID); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}
