// Package store holds the dedup helpers a consumer calls: some lose the
// row count of their ON CONFLICT DO NOTHING insert behind an error-only
// result, some return it.
package store

import (
	"context"
	"database/sql"
)

// Processed marks an event processed and returns only the error: whether
// the row was new is lost.
func Processed(ctx context.Context, tx *sql.Tx, id string) error { // want Processed:`writes\(\(\*sql\.Tx\)\.ExecContext\)` Processed:`discardsInsertCount\(processed_events via \(\*sql\.Tx\)\.ExecContext\)`
	_, err := tx.ExecContext(ctx, `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`, id)
	return err
}

// MarkSeen wraps Processed in its own transaction: it loses the count too.
func MarkSeen(ctx context.Context, db *sql.DB, id string) error { // want MarkSeen:`writes\(store\.Processed\)` MarkSeen:`discardsInsertCount\(processed_events via store\.Processed → \(\*sql\.Tx\)\.ExecContext\)`
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := Processed(ctx, tx, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Claim returns whether the row was new.
func Claim(ctx context.Context, tx *sql.Tx, id string) (bool, error) { // want Claim:`writes\(\(\*sql\.Tx\)\.ExecContext\)`
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ClaimCount returns the row count through the Exec result's reader.
func ClaimCount(ctx context.Context, tx *sql.Tx, id string) error { // want ClaimCount:`writes\(\(\*sql\.Tx\)\.ExecContext\)`
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`, id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrDuplicate
	}
	return nil
}

// ErrDuplicate is ClaimCount's "already processed".
var ErrDuplicate = errDuplicate{}

type errDuplicate struct{}

func (errDuplicate) Error() string { return "duplicate" }

// Book writes an entry.
func Book(ctx context.Context, tx *sql.Tx, id string, amount int64) error { // want Book:`writes\(\(\*sql\.Tx\)\.ExecContext\)`
	_, err := tx.ExecContext(ctx, `INSERT INTO entries (event_id, amount) VALUES ($1, $2)`, id, amount)
	return err
}

// Tag inserts a tag with DO NOTHING and also writes the tag's count: it
// writes more than the mark, so it is no dedup helper.
func Tag(ctx context.Context, tx *sql.Tx, id, tag string) error { // want Tag:`writes\(\(\*sql\.Tx\)\.ExecContext\)`
	if _, err := tx.ExecContext(ctx, `INSERT INTO tags (event_id, tag) VALUES ($1, $2) ON CONFLICT DO NOTHING`, id, tag); err != nil { // want `dedup gate never reads RowsAffected before \(\*sql\.Tx\)\.ExecContext writes`
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE tag_counts SET n = n + 1 WHERE tag = $1`, tag)
	return err
}
