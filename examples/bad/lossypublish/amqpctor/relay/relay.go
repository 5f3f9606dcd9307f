// Package relay is the outbox worker: it hands the broker's channel to
// the publisher and marks each row processed when Publish returns nil.
// Without confirm mode a message the broker drops still returns nil, and
// its row is marked sent.
package relay

import (
	"context"
	"database/sql"

	"github.com/idemlint/idemlint/examples/bad/lossypublish/amqpctor/broker"
)

// EventPublisher is what the relay needs of a publisher.
type EventPublisher interface {
	Publish(ctx context.Context, id string, body []byte) error
}

// Row is one outbox row.
type Row struct {
	ID   string
	Body []byte
}

func relayRow(ctx context.Context, db *sql.DB, pub EventPublisher, row Row) error {
	if err := pub.Publish(ctx, row.ID, row.Body); err != nil { // want: lossypublish
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE outbox SET status = 'PROCESSED' WHERE id = $1`, row.ID)
	return err
}

// Run connects and relays the rows.
func Run(ctx context.Context, db *sql.DB, rows []Row) error {
	rabbit := &broker.RabbitMQ{}
	if err := rabbit.Connect("amqp://localhost"); err != nil {
		return err
	}
	pub := broker.NewPublisher(rabbit.Channel, "events")
	for _, r := range rows {
		if err := relayRow(ctx, db, pub, r); err != nil {
			return err
		}
	}
	return nil
}
