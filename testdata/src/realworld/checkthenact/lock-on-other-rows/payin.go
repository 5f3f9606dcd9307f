// Package payin creates a pay-in order for a client unless one is already
// pending (batch3 sweep: a payment-order service). Inside one transaction it
// reads the client's pending orders, then picks a bank detail with SELECT ...
// FOR UPDATE, then inserts the order. The lock is on the bank detail rows, not
// on the client's key: two requests for the same client both find no pending
// order before either inserts (the second waits on the bank rows, if at all,
// only after its check), and client_id carries no unique index, so both
// orders are created.
package payin

import (
	"context"
	"database/sql"
	"errors"
)

var ErrPending = errors.New("a pending order exists for this client")

func Create(ctx context.Context, db *sql.DB, orderID, clientID string, amount int64) error { // want Create:`keyOps\(read orders\.client_id of p3, insert orders\.id of p2, insert orders\.client_id of p3; writes: \(\*sql\.Tx\)\.ExecContext; locks: \(\*sql\.Tx\)\.QueryRowContext\)`
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE client_id = $1 AND status = 'pending'`, clientID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrPending
	}
	var bankID string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM bank_details WHERE enabled AND max_amount >= $1 LIMIT 1 FOR UPDATE`, amount).Scan(&bankID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, client_id, bank_detail_id, status) VALUES ($1, $2, $3, 'pending')`, orderID, clientID, bankID); err != nil { // want `inserts it later`
		return err
	}
	return tx.Commit()
}

// CreateLocked takes a transaction-scoped advisory lock on the client's key
// before the check: a second request for the same client waits until the
// first has committed, then sees its order.
func CreateLocked(ctx context.Context, db *sql.DB, orderID, clientID string, amount int64) error { // want CreateLocked:`keyOps\(read orders\.client_id of p3, insert orders\.id of p2, insert orders\.client_id of p3; writes: \(\*sql\.Tx\)\.ExecContext; locks: \(\*sql\.Tx\)\.ExecContext\)`
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, clientID); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE client_id = $1 AND status = 'pending'`, clientID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrPending
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, client_id, status) VALUES ($1, $2, 'pending')`, orderID, clientID); err != nil {
		return err
	}
	return tx.Commit()
}
