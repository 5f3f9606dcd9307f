// Package relay moves outbox rows to the broker through its own port and
// marks them published.
package relay

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Publisher is the port the relay publishes through.
type Publisher interface {
	Publish(ctx context.Context, topic, key string, payload []byte) error
}

// Relay publishes outbox rows.
type Relay struct {
	pool *pgxpool.Pool
	pub  Publisher
}

// New returns a relay.
func New(pool *pgxpool.Pool, pub Publisher) *Relay { return &Relay{pool: pool, pub: pub} }

// PublishBatch publishes a batch of rows and marks them.
func (r *Relay) PublishBatch(ctx context.Context) error {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, topic, key, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	type row struct {
		id         int64
		topic, key string
		payload    []byte
	}
	batch, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.id, &x.topic, &x.key, &x.payload)
		return x, err
	})
	if err != nil {
		return err
	}
	for _, x := range batch {
		if err := r.pub.Publish(ctx, x.topic, x.key, x.payload); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, x.id); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
