// Package onconflict: the key is claimed atomically; nothing to report.
package onconflict

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, db *sql.DB, key string, req *http.Request) error { // want Claim:`keyOps\(read idempotency_keys\.key of p2, claim idempotency_keys\.key of p2; leaves: \(\*http\.Client\)\.Do; writes: \(\*sql\.DB\)\.ExecContext\)`
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM idempotency_keys WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err // fast path only
	}
	res, err := db.ExecContext(ctx, `INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// A claim between the check and the insert of the record.
func ClaimThenRecord(ctx context.Context, pool *pgxpool.Pool, key string, req *http.Request) error { // want ClaimThenRecord:`keyOps\(read idempotency_keys\.key of p2, claim idempotency_claims\.key of p2, insert idempotency_keys\.key of p2; leaves: \(\*http\.Client\)\.Do; writes: \(\*pgxpool\.Pool\)\.Exec\)`
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM idempotency_keys WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	tag, err := pool.Exec(ctx, `INSERT INTO idempotency_claims (key) VALUES ($1) ON CONFLICT (key) DO NOTHING`, key)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := http.DefaultClient.Do(req); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `INSERT INTO idempotency_keys (key) VALUES ($1)`, key)
	return err
}

// MySQL's upsert is atomic too.
func Upsert(ctx context.Context, db *sql.DB, id string, value int) error { // want Upsert:`keyOps\(read counter\.id of p2, claim counter\.id of p2; writes: \(\*sql\.DB\)\.ExecContext\)`
	var cur int
	if err := db.QueryRowContext(ctx, `SELECT value FROM counter WHERE id = ?`, id).Scan(&cur); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO counter (id, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = ?`, id, cur+value, cur+value)
	return err
}
