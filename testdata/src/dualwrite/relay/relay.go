// Package relay publishes outbox rows and marks them: publish then mark is
// the relay, not a dual write.
package relay

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type row struct {
	id      int64
	payload []byte
}

type Relay struct {
	pool *pgxpool.Pool
	w    *kafka.Writer
}

// Batch locks pending outbox rows, publishes them and marks them, in one
// transaction.
func (r *Relay) Batch(ctx context.Context) error {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, payload FROM outbox_event WHERE published_at IS NULL ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	var batch []kafka.Message
	var ids []int64
	for rows.Next() {
		var x row
		if err := rows.Scan(&x.id, &x.payload); err != nil {
			return err
		}
		batch = append(batch, kafka.Message{Value: x.payload})
		ids = append(ids, x.id)
	}
	if err := r.w.WriteMessages(ctx, batch...); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE outbox_event SET published_at = now() WHERE id = ANY($1)`, ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// EachEvent publishes the rows of an events table one by one and marks
// each after its publish.
func (r *Relay) EachEvent(ctx context.Context, pending []row) error {
	for _, x := range pending {
		if err := r.w.WriteMessages(ctx, kafka.Message{Value: x.payload}); err != nil {
			return err
		}
		if _, err := r.pool.Exec(ctx, `UPDATE domain_events SET sent = true WHERE id = $1`, x.id); err != nil {
			return err
		}
	}
	return nil
}

// Claimed reads the rows of a table not named outbox inside a
// transaction, publishes them and deletes them before the commit.
func (r *Relay) Claimed(ctx context.Context) error {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, payload FROM pending_messages ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	var ids []int64
	var batch []kafka.Message
	for rows.Next() {
		var x row
		if err := rows.Scan(&x.id, &x.payload); err != nil {
			return err
		}
		ids = append(ids, x.id)
		batch = append(batch, kafka.Message{Value: x.payload})
	}
	if err := r.w.WriteMessages(ctx, batch...); err != nil {
		return err
	}
	deleteQuery := "DELETE FROM pending_messages WHERE id = ANY($1)"
	if _, err := tx.Exec(ctx, deleteQuery, ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
