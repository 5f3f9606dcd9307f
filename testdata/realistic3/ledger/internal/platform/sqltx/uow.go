// Package sqltx is the ledger's unit of work over database/sql.
package sqltx

import (
	"context"
	"database/sql"
	"errors"
)

// UnitOfWork holds one open transaction.
type UnitOfWork struct {
	tx   *sql.Tx
	done bool
}

// Factory begins units of work.
type Factory struct {
	DB *sql.DB
}

// Begin opens a unit of work; ctx governs the whole transaction.
func (f *Factory) Begin(ctx context.Context) (*UnitOfWork, error) {
	tx, err := f.DB.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return nil, err
	}
	return &UnitOfWork{tx: tx}, nil
}

// Tx returns the transaction for repositories.
func (u *UnitOfWork) Tx() *sql.Tx { return u.tx }

// Commit commits the unit.
func (u *UnitOfWork) Commit() error {
	u.done = true
	return u.tx.Commit()
}

// Rollback rolls back an unfinished unit; safe to defer.
func (u *UnitOfWork) Rollback() {
	if u.done {
		return
	}
	if err := u.tx.Rollback(); err != nil && !errors.Is(err, sql.ErrTxDone) {
		_ = err
	}
}
