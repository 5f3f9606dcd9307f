// Package uow is the shop's unit of work over sqlx.
package uow

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// UnitOfWork runs functions in a transaction.
type UnitOfWork struct {
	db *sqlx.DB
}

// New returns a unit of work on db.
func New(db *sqlx.DB) *UnitOfWork { return &UnitOfWork{db: db} }

// Do runs fn in a read-write transaction and commits when it returns nil.
func (u *UnitOfWork) Do(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	return u.run(ctx, nil, fn)
}

// ReadOnly runs fn in a read-only transaction (a consistent snapshot for
// reports and quotes).
func (u *UnitOfWork) ReadOnly(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	return u.run(ctx, &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}, fn)
}

func (u *UnitOfWork) run(ctx context.Context, opts *sql.TxOptions, fn func(tx *sqlx.Tx) error) (err error) {
	tx, err := u.db.BeginTxx(ctx, opts)
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
