// Package pubsub holds Google Pub/Sub subscribers: acks before and after the work.
package pubsub

import (
	"context"
	"database/sql"

	"cloud.google.com/go/pubsub/v2"
)

// Bad: Ack, then the write.
func AckFirst(ctx context.Context, sub *pubsub.Subscriber, db *sql.DB) error { // want AckFirst:"commitsOffset" AckFirst:"durableWork"
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		m.Ack() // want `message acknowledged by \(\*pubsub\.Message\)\.Ack before \(\*sql\.DB\)\.ExecContext \(pubsub\.go:15\)`
		_, _ = db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", m.ID)
	})
}

// Good: the write, then Ack; Nack on failure.
func AckAfter(ctx context.Context, sub *pubsub.Subscriber, db *sql.DB) error { // want AckAfter:"commitsOffset" AckAfter:"durableWork"
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", m.ID); err != nil {
			m.Nack()
			return
		}
		m.Ack()
	})
}
