// Package direct relays with the producer type itself: a value built by
// the fire-and-forget constructor is reported, one built by the
// synchronous constructor is not.
package direct

import (
	"context"
	"database/sql"

	"lossypublish/ctorwriter/bus"
)

func RelayFast(ctx context.Context, db *sql.DB, brokers []string, id int64, payload []byte) error {
	p := bus.NewFastProducer(brokers...)
	if err := p.Publish(ctx, "orders", payload); err != nil { // want `marks rows published \(UPDATE, line \d+\) after bus.\(\*Producer\).Publish → WriteMessages on a writer with Async: true \(producer.go:\d+\) built by bus.NewFastProducer`
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, id)
	return err
}

func RelaySync(ctx context.Context, db *sql.DB, brokers []string, id int64, payload []byte) error {
	p := bus.NewProducer(brokers...)
	if err := p.Publish(ctx, "orders", payload); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, id)
	return err
}
