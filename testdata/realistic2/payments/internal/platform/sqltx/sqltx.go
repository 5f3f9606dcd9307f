// Package sqltx holds the company's database/sql transaction helpers.
package sqltx

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrNotAffected is returned by ExpectOne when a statement touched no row.
var ErrNotAffected = errors.New("sqltx: no row affected")

// WithTx runs fn in a transaction and commits it when fn returns nil.
func WithTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) (err error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// ExpectOne turns a result that affected no row into ErrNotAffected.
func ExpectOne(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotAffected
	}
	return nil
}

// Inserted reports whether an INSERT ... ON CONFLICT DO NOTHING inserted its row.
func Inserted(res sql.Result) (bool, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// IsNoRows reports whether err means "no row".
func IsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
