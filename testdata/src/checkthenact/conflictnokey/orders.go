// Package conflictnokey: an INSERT ... ON CONFLICT claims the key it
// writes only when a unique key covers that column — its conflict target,
// or, with no target, a unique index of the table in the module's schema.
package conflictnokey

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
)

var ErrDuplicate = errors.New("duplicate")

// NoTarget: orders has no unique index on idempotency_key, so the
// conflict can only be on the generated id: it never fires.
func NoTarget(ctx context.Context, db *sql.DB, key string, amount int64) error { // want NoTarget:`keyOps\(read orders\.idempotency_key of p2, insert orders\.idempotency_key of p2, insert orders\.amount of p3; writes: \(\*sql\.DB\)\.ExecContext\)`
	var found bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM orders WHERE idempotency_key = $1)`, key).Scan(&found); err != nil || found {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO orders (idempotency_key, amount) VALUES ($1, $2) ON CONFLICT DO NOTHING`, key, amount) // want `NoTarget checks key .* inserts it later .* ON CONFLICT never fires on it`
	return err
}

// OtherTarget: the conflict target is the id, not the checked key.
func OtherTarget(ctx context.Context, db *sql.DB, id, key string, amount int64) error { // want OtherTarget:`keyOps\(read orders\.idempotency_key of p3, claim orders\.id of p2, insert orders\.idempotency_key of p3, insert orders\.amount of p4; writes: \(\*sql\.DB\)\.ExecContext\)`
	var found bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM orders WHERE idempotency_key = $1)`, key).Scan(&found); err != nil || found {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO orders (id, idempotency_key, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, id, key, amount) // want `OtherTarget checks key .* ON CONFLICT never fires on it`
	return err
}

// UniqueNoTarget: payments.idempotency_key is unique, so the conflict
// fires on it: the insert is the claim.
func UniqueNoTarget(ctx context.Context, db *sql.DB, key string, amount int64, req *http.Request) error { // want UniqueNoTarget:`keyOps\(read payments\.idempotency_key of p2, claim payments\.idempotency_key of p2, insert payments\.amount of p3; leaves: \(\*http\.Client\)\.Do; writes: \(\*sql\.DB\)\.ExecContext\)`
	var found bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM payments WHERE idempotency_key = $1)`, key).Scan(&found); err != nil || found {
		return err
	}
	res, err := db.ExecContext(ctx, `INSERT INTO payments (idempotency_key, amount) VALUES ($1, $2) ON CONFLICT DO NOTHING`, key, amount)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrDuplicate
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// NamedConstraint: ON CONSTRAINT names the unique key; its columns are
// not in the statement, so the insert is taken for the claim.
func NamedConstraint(ctx context.Context, db *sql.DB, key string, amount int64) error { // want NamedConstraint:`keyOps\(read orders\.idempotency_key of p2, claim orders\.idempotency_key of p2, claim orders\.amount of p3; writes: \(\*sql\.DB\)\.ExecContext\)`
	var found bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM orders WHERE idempotency_key = $1)`, key).Scan(&found); err != nil || found {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO orders (idempotency_key, amount) VALUES ($1, $2) ON CONFLICT ON CONSTRAINT orders_key_uq DO NOTHING`, key, amount)
	return err
}

// UnknownTable: no schema of refunds is in sight: the insert is taken for
// the claim, as the conflict may fire on a unique key the module does not show.
func UnknownTable(ctx context.Context, db *sql.DB, key string, amount int64) error { // want UnknownTable:`keyOps\(read refunds\.idempotency_key of p2, claim refunds\.idempotency_key of p2, claim refunds\.amount of p3; writes: \(\*sql\.DB\)\.ExecContext\)`
	var found bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM refunds WHERE idempotency_key = $1)`, key).Scan(&found); err != nil || found {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO refunds (idempotency_key, amount) VALUES ($1, $2) ON CONFLICT DO NOTHING`, key, amount)
	return err
}

// OtherTargetNoSchema: no schema of refunds is in sight and the conflict
// target is the id: nothing claims the checked key, as with a plain insert.
func OtherTargetNoSchema(ctx context.Context, db *sql.DB, id, key string, amount int64) error { // want OtherTargetNoSchema:`keyOps\(read refunds\.idempotency_key of p3, claim refunds\.id of p2, insert refunds\.idempotency_key of p3, insert refunds\.amount of p4; writes: \(\*sql\.DB\)\.ExecContext\)`
	var found bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM refunds WHERE idempotency_key = $1)`, key).Scan(&found); err != nil || found {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO refunds (id, idempotency_key, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, id, key, amount) // want `OtherTargetNoSchema checks key .* the insert's ON CONFLICT target does not cover idempotency_key`
	return err
}
