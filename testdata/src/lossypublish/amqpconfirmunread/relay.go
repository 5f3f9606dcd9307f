package amqpconfirmunread

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
	if err := ch.Confirm(false); err != nil { // confirm mode, but nothing reads the confirmations
		return nil, err
	}
	return &Relay{db: db, ch: ch}, nil
}

func (r *Relay) send(ctx context.Context, id int64, body []byte) error {
	if err := r.ch.PublishWithContext(ctx, "events", "order", false, false, amqp.Publishing{Body: body}); err != nil { // want `after PublishWithContext on a channel in confirm mode whose confirmations nothing reads \(relay.go:16\): confirmations nobody waits for`
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}
