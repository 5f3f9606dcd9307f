package store

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// LockOutbox locks a batch of unpublished rows in tx.
func (s *Store) LockOutbox(ctx context.Context, tx *sqlx.Tx, limit int) ([]OutboxMessage, error) {
	rows, err := tx.QueryxContext(ctx, `
		SELECT id, topic, msg_key, payload, created_at FROM outbox
		WHERE published_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OutboxMessage
	for rows.Next() {
		var m OutboxMessage
		if err := rows.Scan(&m.ID, &m.Topic, &m.Key, &m.Payload, &m.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// MarkPublished marks rows published in tx.
func (s *Store) MarkPublished(ctx context.Context, tx *sqlx.Tx, ids []string) error {
	q, args, err := sqlx.In(`UPDATE outbox SET published_at = now() WHERE id IN (?)`, ids)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(q), args...)
	return err
}
