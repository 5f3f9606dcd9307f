// Package relay is the outbox relay: it hands the publisher a channel
// opened by the broker package and marks each row published when Publish
// returns nil.
package relay

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"

	"lossypublish/ctorchannel/broker"
)

type Publisher interface {
	Publish(ctx context.Context, body []byte) error
}

func relayRow(ctx context.Context, db *sql.DB, pub Publisher, id int64, body []byte) error {
	if err := pub.Publish(ctx, body); err != nil { // want `relay marks rows published \(UPDATE, line \d+\) after relay.Publisher.Publish → broker.\(\*Publisher\).Publish → PublishWithContext on a channel never put in confirm mode \(broker.go:\d+\)`
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}

// Run hands the publisher a channel Open made without Confirm.
func Run(ctx context.Context, db *sql.DB, audit *amqp.Channel) error {
	ch, err := broker.Open("amqp://localhost")
	if err != nil {
		return err
	}
	return relayRow(ctx, db, broker.NewPublisher(audit, ch), 1, nil)
}
