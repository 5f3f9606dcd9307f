// Package outbox writes the order and its event in one transaction, and a
// relay publishes the events and marks them: no dual write.
package outbox

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Service struct{ pool *pgxpool.Pool }

// CreateOrder inserts the order and the outbox row in the same transaction.
func (s *Service) CreateOrder(ctx context.Context, id string, payload []byte) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO outbox_event (topic, key, payload) VALUES ('orders', $1, $2)`, id, payload)
		return err
	})
}

// Relay publishes pending outbox rows and marks them published.
type Relay struct {
	pool *pgxpool.Pool
	w    *kafka.Writer
}

// Batch publishes one batch; a crash before the mark publishes it again,
// and consumers deduplicate by key.
func (r *Relay) Batch(ctx context.Context) error {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	rows, err := tx.Query(ctx, `SELECT id, key, payload FROM outbox_event WHERE published_at IS NULL ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	var ids []int64
	var msgs []kafka.Message
	for rows.Next() {
		var id int64
		var key, payload []byte
		if err := rows.Scan(&id, &key, &payload); err != nil {
			return err
		}
		ids = append(ids, id)
		msgs = append(msgs, kafka.Message{Key: key, Value: payload})
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(msgs) == 0 {
		return nil
	}
	if err := r.w.WriteMessages(ctx, msgs...); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE outbox_event SET published_at = now() WHERE id = ANY($1)`, ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
