// Package goodamqp: confirm mode with each confirmation awaited before
// the mark; a channel whose confirmations are read from NotifyPublish.
package goodamqp

import (
	"context"
	"database/sql"
	"errors"

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
	dc, err := r.ch.PublishWithDeferredConfirmWithContext(ctx, "events", "order", false, false, amqp.Publishing{Body: body})
	if err != nil {
		return err
	}
	ok, err := dc.WaitContext(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("nacked")
	}
	_, err = r.db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}

type Notified struct {
	db       *sql.DB
	ch       *amqp.Channel
	confirms chan amqp.Confirmation
}

func NewNotified(db *sql.DB, conn *amqp.Connection) (*Notified, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	if err := ch.Confirm(false); err != nil {
		return nil, err
	}
	confirms := ch.NotifyPublish(make(chan amqp.Confirmation, 1))
	return &Notified{db: db, ch: ch, confirms: confirms}, nil
}

func (n *Notified) send(ctx context.Context, id int64, body []byte) error {
	if err := n.ch.PublishWithContext(ctx, "events", "order", false, false, amqp.Publishing{Body: body}); err != nil {
		return err
	}
	if c := <-n.confirms; !c.Ack {
		return errors.New("nacked")
	}
	_, err := n.db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}
