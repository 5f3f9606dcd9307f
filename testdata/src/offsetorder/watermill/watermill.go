// Package watermill holds watermill subscribers: acks before and after the work.
package watermill

import (
	"context"
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/message"
)

// Bad: the message is acked as it arrives, then written.
func AckFirst(ctx context.Context, sub message.Subscriber, db *sql.DB) error { // want AckFirst:"commitsOffset" AckFirst:"durableWork"
	msgs, err := sub.Subscribe(ctx, "orders")
	if err != nil {
		return err
	}
	for msg := range msgs {
		msg.Ack() // want `message acknowledged by \(\*message\.Message\)\.Ack before \(\*sql\.DB\)\.ExecContext \(watermill\.go:19\) handles the message`
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", msg.UUID); err != nil {
			return err
		}
	}
	return nil
}

// Good: written, then acked; nacked on failure.
func AckAfter(ctx context.Context, sub message.Subscriber, db *sql.DB) error { // want AckAfter:"commitsOffset" AckAfter:"durableWork"
	msgs, err := sub.Subscribe(ctx, "orders")
	if err != nil {
		return err
	}
	for msg := range msgs {
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", msg.UUID); err != nil {
			msg.Nack()
			continue
		}
		msg.Ack()
	}
	return nil
}
