// Package ctorchannelgood hands the publisher of ../ctorchannel/broker a
// channel in confirm mode whose confirmations are read, and the
// unconfirmed one only as the audit channel the constructor keeps in
// another field: left alone.
package ctorchannelgood

import (
	"context"
	"database/sql"

	"lossypublish/ctorchannel/broker"
)

type Publisher interface {
	Publish(ctx context.Context, body []byte) error
}

func relayRow(ctx context.Context, db *sql.DB, pub Publisher, id int64, body []byte) error { // want relayRow:"relayPending\\(lossypublish/ctorchannelgood.Publisher.Publish at relay.go:19\\)"
	if err := pub.Publish(ctx, body); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}

func Run(ctx context.Context, db *sql.DB) error {
	audit, err := broker.Open("amqp://localhost")
	if err != nil {
		return err
	}
	ch, _, err := broker.OpenConfirmed("amqp://localhost")
	if err != nil {
		return err
	}
	return relayRow(ctx, db, broker.NewPublisher(audit, ch), 1, nil)
}
