// Package optrelay hands the publisher the unconfirmed channel inside its
// options struct.
package optrelay

import (
	"context"
	"database/sql"

	"lossypublish/ctorchannel/broker"
)

func relayRow(ctx context.Context, db *sql.DB, pub *broker.Publisher, id int64, body []byte) error {
	if err := pub.Publish(ctx, body); err != nil { // want `relay marks rows published \(UPDATE, line \d+\) after broker.\(\*Publisher\).Publish → PublishWithContext on a channel never put in confirm mode \(broker.go:\d+\)`
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}

func Run(ctx context.Context, db *sql.DB) error {
	ch, err := broker.Open("amqp://localhost")
	if err != nil {
		return err
	}
	return relayRow(ctx, db, broker.NewFromOptions(broker.Options{Exchange: "events", Channel: ch}), 1, nil)
}
