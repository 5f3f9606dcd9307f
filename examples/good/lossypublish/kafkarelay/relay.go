// Package kafkarelay is an outbox relay with a synchronous writer that
// waits for every in-sync replica, one WriteMessages per batch of rows,
// and the rows marked only after it returns nil.
package kafkarelay

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// Relay moves outbox rows to Kafka.
type Relay struct {
	pool   *pgxpool.Pool
	writer *kafka.Writer
}

// NewRelay configures the writer.
func NewRelay(pool *pgxpool.Pool, brokers []string) *Relay {
	return &Relay{pool: pool, writer: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Topic:        "orders",
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
	}}
}

// RelayOnce publishes one batch of unpublished rows and marks them.
func (r *Relay) RelayOnce(ctx context.Context) error {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, key, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
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
	if len(ids) == 0 {
		return nil
	}
	if err := r.writer.WriteMessages(ctx, msgs...); err != nil { // one batch, acknowledged by all replicas
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
