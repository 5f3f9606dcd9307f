package kafkarelay

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// Relay moves outbox rows to Kafka.
type Relay struct {
	Pool     *pgxpool.Pool
	Producer *Producer
}

// RelayOnce publishes one batch of unpublished rows and marks them.
func (r *Relay) RelayOnce(ctx context.Context) error {
	tx, err := r.Pool.Begin(ctx)
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
	if err := r.Producer.Publish(ctx, msgs); err != nil { // want: lossypublish
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
