// Package ledger is a test repository of the sweep: an event claim that
// fails on a redelivery, and one that absorbs it.
package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Claim fails on a redelivery: the duplicate insert returns no row.
func Claim(ctx context.Context, db *sql.DB, key string) error {
	var id int64
	if err := db.QueryRowContext(ctx, "INSERT INTO events (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING id", key).Scan(&id); err != nil {
		return fmt.Errorf("claim %s: %w", key, err)
	}
	return nil
}

// ClaimOnce treats the duplicate as already done.
func ClaimOnce(ctx context.Context, db *sql.DB, key string) error {
	var id int64
	err := db.QueryRowContext(ctx, "INSERT INTO events (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING id", key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	return err
}

// Forward sends the event on without a transaction of its own.
func Forward(ctx context.Context, db *sql.DB, key string) error {
	_, err := db.ExecContext(ctx, "UPDATE events SET sent = true WHERE key = $1", key)
	return err
}
