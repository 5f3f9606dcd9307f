// Package sqlnoschema: a database/sql idempotency guard (SELECT, work,
// INSERT) in a module that carries no schema.
package sqlnoschema

import (
	"context"
	"database/sql"
	"net/http"
)

type Guard struct {
	db     *sql.DB
	client *http.Client
}

func (g *Guard) Handle(ctx context.Context, key string, req *http.Request) error { // want Handle:`keyOps\(read idempotency_record\.key of p1, insert idempotency_record\.key of p1; leaves: \(\*http\.Client\)\.Do; writes: \(\*sql\.DB\)\.ExecContext\)`
	var body string
	err := g.db.QueryRowContext(ctx, `SELECT response_body FROM idempotency_record WHERE key = $1`, key).Scan(&body)
	if err == nil {
		return nil // replay
	}
	if _, err := g.client.Do(req); err != nil {
		return err
	}
	_, err = g.db.ExecContext(ctx, `INSERT INTO idempotency_record (key, response_body) VALUES ($1, $2)`, key, "ok") // want `\(\*Guard\)\.Handle checks key with \(\*sql\.DB\)\.QueryRowContext \(line 18\) and inserts it later \(line 25\) without a claim: two concurrent retries both pass the check; no schema for idempotency_record is visible in the module: add a unique index on key, or claim the key first with INSERT \.\.\. ON CONFLICT DO NOTHING`
	return err
}

// Exists with nothing between: still two rows for one key without a unique index.
func (g *Guard) Remember(ctx context.Context, key string) error { // want Remember:`keyOps\(read idempotency_record\.key of p1, insert idempotency_record\.key of p1; writes: \(\*sql\.DB\)\.ExecContext\)`
	var n int
	if err := g.db.QueryRowContext(ctx, `SELECT count(*) FROM idempotency_record WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := g.db.ExecContext(ctx, `INSERT INTO idempotency_record (key, response_body) VALUES ($1, '')`, key) // want `no schema for idempotency_record is visible`
	return err
}

// Another key: not the same check.
func (g *Guard) OtherKey(ctx context.Context, key, other string) error { // want OtherKey:`keyOps\(read idempotency_record\.key of p1, insert idempotency_record\.key of p2; writes: \(\*sql\.DB\)\.ExecContext\)`
	var n int
	if err := g.db.QueryRowContext(ctx, `SELECT count(*) FROM idempotency_record WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := g.db.ExecContext(ctx, `INSERT INTO idempotency_record (key, response_body) VALUES ($1, '')`, other)
	return err
}

// Another table: not the same check.
func (g *Guard) OtherTable(ctx context.Context, key string) error { // want OtherTable:`keyOps\(read idempotency_record\.key of p1, insert audit_log\.key of p1; writes: \(\*sql\.DB\)\.ExecContext\)`
	var n int
	if err := g.db.QueryRowContext(ctx, `SELECT count(*) FROM idempotency_record WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := g.db.ExecContext(ctx, `INSERT INTO audit_log (key) VALUES ($1)`, key)
	return err
}
