// Package conflicttarget: an upsert elsewhere in the package names the
// conflict target (key), which Postgres only accepts on a unique index:
// the plain insert after the check is a claim.
package conflicttarget

import (
	"context"
	"database/sql"
)

func Touch(ctx context.Context, db *sql.DB, key string) error { // want Touch:`keyOps\(claim request_keys\.key of p2; writes: \(\*sql\.DB\)\.ExecContext\)`
	_, err := db.ExecContext(ctx, `INSERT INTO request_keys (key, seen_at) VALUES ($1, now()) ON CONFLICT (key) DO UPDATE SET seen_at = now()`, key)
	return err
}

func Record(ctx context.Context, db *sql.DB, key string) error { // want Record:`keyOps\(read request_keys\.key of p2, insert request_keys\.key of p2; writes: \(\*sql\.DB\)\.ExecContext\)`
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM request_keys WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO request_keys (key) VALUES ($1)`, key)
	return err
}
