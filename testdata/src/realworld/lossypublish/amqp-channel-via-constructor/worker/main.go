// Package worker is the outbox worker: it publishes each pending row and
// marks it processed when Publish returns nil. Without confirm mode a
// message the broker drops still returns nil, and its row is marked sent.
package worker

import (
	"context"
	"database/sql"

	"realworld/lossypublish/amqp-channel-via-constructor/broker"
)

type Row struct {
	ID   string
	Body []byte
}

type EventPublisher interface {
	Publish(ctx context.Context, id string, body []byte) error
}

func processRow(ctx context.Context, db *sql.DB, pub EventPublisher, row Row) error {
	if err := pub.Publish(ctx, row.ID, row.Body); err != nil { // want `relay marks rows published \(UPDATE, line \d+\) after worker.EventPublisher.Publish → broker.\(\*Publisher\).Publish → PublishWithContext on a channel never put in confirm mode \(broker.go:\d+\)`
		_, _ = db.ExecContext(ctx, `UPDATE outbox SET status = 'PENDING', retry_count = retry_count + 1 WHERE id = $1`, row.ID)
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE outbox SET status = 'PROCESSED' WHERE id = $1`, row.ID)
	return err
}

func Main(ctx context.Context, db *sql.DB, rows []Row) error {
	rabbit := &broker.RabbitMQ{}
	if err := rabbit.Connect("amqp://localhost"); err != nil {
		return err
	}
	pub := broker.NewPublisher(rabbit.Channel, "events")
	for _, r := range rows {
		if err := processRow(ctx, db, pub, r); err != nil {
			return err
		}
	}
	return nil
}
