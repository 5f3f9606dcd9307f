// Package idempotent holds DO NOTHING inserts followed by writes: a gate
// only when a write that does not repeat harmlessly follows.
package idempotent

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"
)

const markSQL = `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`

// Good: only upserts follow; a replay writes the same rows again.
func goodUpserts(ctx context.Context, tx pgx.Tx, id, status string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO order_status (order_id, status) VALUES ($1, $2)
		ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`, id, status); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO audit (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Good: an absolute UPDATE and a DELETE repeat harmlessly.
func goodAbsoluteWrites(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'paid', paid_at = now() WHERE id = $1`, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM pending_payment WHERE order_id = $1`, id)
	return err
}

// Bad: an upsert that adds to the stored value runs again on a duplicate.
func badCountingUpsert(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil { // want `dedup gate never reads RowsAffected before pgx.Tx.Exec writes at idempotent.go:46`
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO counter (name, n) VALUES ('orders', 1)
		ON CONFLICT (name) DO UPDATE SET n = counter.n + 1`)
	return err
}

// Bad: a relative UPDATE after idempotent writes.
func badRelativeUpdate(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil { // want `dedup gate never reads RowsAffected before pgx.Tx.Exec writes at idempotent.go:59`
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM pending_payment WHERE order_id = $1`, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE account SET balance=balance-10 WHERE id = $1`, id)
	return err
}

// Bad: a plain INSERT (a new row per replay) after an upsert.
func badPlainInsert(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil { // want `dedup gate never reads RowsAffected before pgx.Tx.Exec writes at idempotent.go:71`
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO order_status (order_id, status) VALUES ($1, 'x') ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status`, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO ledger (event_id, amount) VALUES ($1, 10)`, id)
	return err
}

// Bad: a network call is not repeatable.
func badHTTP(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil { // want `dedup gate never reads RowsAffected before \(\*http.Client\).Do writes`
		return err
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charge", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Bad: SQL that is not constant may be anything.
func badUnknownSQL(ctx context.Context, tx pgx.Tx, id, stmt string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil { // want `dedup gate never reads RowsAffected before pgx.Tx.Exec writes`
		return err
	}
	_, err := tx.Exec(ctx, stmt, id)
	return err
}
