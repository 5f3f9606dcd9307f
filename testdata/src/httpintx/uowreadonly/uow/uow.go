// Package uow is a unit of work over sqlx whose variants share one run
// helper that begins the transaction with the options it is given.
package uow

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"
)

type UnitOfWork struct{ db *sqlx.DB }

// Do runs fn in a read-write transaction (nil options).
func (u *UnitOfWork) Do(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	return u.run(ctx, nil, fn)
}

// ReadOnly runs fn in a read-only transaction.
func (u *UnitOfWork) ReadOnly(ctx context.Context, fn func(tx *sqlx.Tx) error) error { // want ReadOnly:"runsReadOnly\\(\\[1\\]\\)"
	return u.run(ctx, &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}, fn)
}

// Serializable writes under SERIALIZABLE: not read-only.
func (u *UnitOfWork) Serializable(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	return u.run(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable, ReadOnly: false}, fn)
}

func (u *UnitOfWork) run(ctx context.Context, opts *sql.TxOptions, fn func(tx *sqlx.Tx) error) (err error) {
	tx, err := u.db.BeginTxx(ctx, opts)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}
