// Package sqluow implements the unit of work on database/sql: Execute in a
// writing transaction, ExecuteRead in a read-only one.
package sqluow

import (
	"context"
	"database/sql"
)

type UnitOfWork struct{ DB *sql.DB }

func New(db *sql.DB) *UnitOfWork { return &UnitOfWork{DB: db} }

func (u *UnitOfWork) Execute(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := u.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(ctx); err != nil {
		return err
	}
	return tx.Commit()
}

func (u *UnitOfWork) ExecuteRead(ctx context.Context, fn func(ctx context.Context) error) error { // want ExecuteRead:`runsReadOnly\(\[1\]\)`
	tx, err := u.DB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(ctx); err != nil {
		return err
	}
	return tx.Commit()
}
