// Package lockscope: a lock exempts a check-then-insert only when it covers
// the checked key and is held when the check reads.
package lockscope

import (
	"context"
	"database/sql"
	"hash/fnv"
)

// Bad: the lock is on the bank detail chosen by its amount, not on the
// client: two requests for the same client both find no pending order.
func ForUpdateOtherRows(ctx context.Context, tx *sql.Tx, id, clientID string, amount int64) error { // want ForUpdateOtherRows:`keyOps`
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE client_id = $1`, clientID).Scan(&n); err != nil || n > 0 {
		return err
	}
	var bank string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM bank_details WHERE max_amount >= $1 LIMIT 1 FOR UPDATE`, amount).Scan(&bank); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO orders (id, client_id, bank_id) VALUES ($1, $2, $3)`, id, clientID, bank) // want `ForUpdateOtherRows checks clientID with \(\*sql\.Tx\)\.QueryRowContext \(line 15\) and inserts it later`
	return err
}

// Bad: an advisory lock on the key, but taken after the check read it.
func AdvisoryAfterRead(ctx context.Context, tx *sql.Tx, key string) error { // want AdvisoryAfterRead:`keyOps`
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, key); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key) // want `AdvisoryAfterRead checks key`
	return err
}

// Bad: LOCK TABLE on another table.
func LockOtherTable(ctx context.Context, tx *sql.Tx, key string) error { // want LockOtherTable:`keyOps`
	if _, err := tx.ExecContext(ctx, `LOCK TABLE audit_log IN EXCLUSIVE MODE`); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key) // want `LockOtherTable checks key`
	return err
}

// Good: the client's own row is locked before its orders are read.
func ParentRowLock(ctx context.Context, tx *sql.Tx, id, clientID string) error { // want ParentRowLock:`keyOps`
	var c string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM clients WHERE id = $1 FOR UPDATE`, clientID).Scan(&c); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE client_id = $1`, clientID).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO orders (id, client_id) VALUES ($1, $2)`, id, clientID)
	return err
}

// Good: an advisory lock on a hash of the key, through a local.
func AdvisoryHashed(ctx context.Context, tx *sql.Tx, key string) error { // want AdvisoryHashed:`keyOps`
	h := fnv.New64a()
	h.Write([]byte(key))
	lockID := int64(h.Sum64())
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, lockID); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key)
	return err
}

// Good: one global advisory lock serializes every request.
func AdvisoryGlobal(ctx context.Context, tx *sql.Tx, key string) error { // want AdvisoryGlobal:`keyOps`
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(42)`); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key)
	return err
}

// Good: the checked table locked.
func LockSameTable(ctx context.Context, tx *sql.Tx, key string) error { // want LockSameTable:`keyOps`
	if _, err := tx.ExecContext(ctx, `LOCK TABLE requests IN SHARE ROW EXCLUSIVE MODE`); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key)
	return err
}

// Good: a cheap check first, then the lock and the check again under it.
func RecheckUnderLock(ctx context.Context, tx *sql.Tx, key string) error { // want RecheckUnderLock:`keyOps`
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, key); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key)
	return err
}

// lockAccount takes a lock whose scope this package cannot see through the
// caller's eyes (a helper without a locking read).
func lockAccount(ctx context.Context, tx *sql.Tx, account string) error {
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, account)
	return err
}

// Good: a helper's lock of unknown scope before the read is trusted.
func HelperLock(ctx context.Context, tx *sql.Tx, account, key string) error { // want HelperLock:`keyOps`
	if err := lockAccount(ctx, tx, account); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key)
	return err
}
