// Package locked: the check and the insert are serialised by a lock or by
// SERIALIZABLE isolation; nothing to report.
package locked

import (
	"context"
	"database/sql"
)

func Advisory(ctx context.Context, tx *sql.Tx, key string) error { // want Advisory:`keyOps\(read requests\.key of p2, insert requests\.key of p2; writes: \(\*sql\.Tx\)\.ExecContext; locks: \(\*sql\.Tx\)\.ExecContext\)`
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, key); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key)
	return err
}

func ForUpdate(ctx context.Context, tx *sql.Tx, key string) error { // want ForUpdate:`keyOps\(read requests\.key of p2, insert requests\.key of p2; writes: \(\*sql\.Tx\)\.ExecContext; locks: \(\*sql\.Tx\)\.QueryRowContext\)`
	var id int
	if err := tx.QueryRowContext(ctx, `SELECT id FROM requests WHERE key = $1 FOR UPDATE`, key).Scan(&id); err == nil {
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key)
	return err
}

func Serializable(ctx context.Context, db *sql.DB, key string) error { // want Serializable:`keyOps\(read requests\.key of p2, insert requests\.key of p2; writes: \(\*sql\.Tx\)\.ExecContext; locks: LevelSerializable\)`
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key); err != nil {
		return err
	}
	return tx.Commit()
}

func SetSerializable(ctx context.Context, tx *sql.Tx, key string) error { // want SetSerializable:`keyOps\(read requests\.key of p2, insert requests\.key of p2; writes: \(\*sql\.Tx\)\.ExecContext; locks: \(\*sql\.Tx\)\.ExecContext\)`
	if _, err := tx.ExecContext(ctx, `SET TRANSACTION ISOLATION LEVEL SERIALIZABLE`); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key)
	return err
}

// A lock taken after the insert does not serialise the check.
func LockAfter(ctx context.Context, tx *sql.Tx, key string) error { // want LockAfter:`keyOps\(read requests\.key of p2, insert requests\.key of p2; writes: \(\*sql\.Tx\)\.ExecContext; locks: \(\*sql\.Tx\)\.ExecContext\)`
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO requests (key) VALUES ($1)`, key); err != nil { // want `LockAfter checks key with \(\*sql\.Tx\)\.QueryRowContext \(line 62\) and inserts it later \(line 65\) without a claim: two concurrent retries both pass the check; no schema for requests is visible in the module`
		return err
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(1)`)
	return err
}
