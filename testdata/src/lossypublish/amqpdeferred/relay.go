package amqpdeferred

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Relay struct {
	db *sql.DB
	ch *amqp.Channel
}

func NewRelay(db *sql.DB, conn *amqp.Connection) (*Relay, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	if err := ch.Confirm(false); err != nil {
		return nil, err
	}
	return &Relay{db: db, ch: ch}, nil
}

func (r *Relay) send(ctx context.Context, id int64, body []byte) error {
	if _, err := r.ch.PublishWithDeferredConfirmWithContext(ctx, "events", "order", false, false, amqp.Publishing{Body: body}); err != nil { // want `relay marks rows published \(UPDATE, line 30\) after PublishWithDeferredConfirmWithContext whose confirmation is not awaited`
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET dispatched_at = now() WHERE id = $1", id)
	return err
}

// Awaited: not reported.
func (r *Relay) sendAwait(ctx context.Context, id int64, body []byte) error {
	dc, err := r.ch.PublishWithDeferredConfirmWithContext(ctx, "events", "order", false, false, amqp.Publishing{Body: body})
	if err != nil {
		return err
	}
	if !dc.Wait() {
		return context.Canceled
	}
	_, err = r.db.ExecContext(ctx, "UPDATE outbox SET dispatched_at = now() WHERE id = $1", id)
	return err
}
