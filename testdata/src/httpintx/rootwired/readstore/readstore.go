// Package readstore implements the unit of work on a read replica: it runs
// its callback in a transaction begun read-only, which holds no row.
package readstore

import (
	"context"
	"database/sql"
)

type UnitOfWork struct{ DB *sql.DB }

func (u *UnitOfWork) Execute(ctx context.Context, fn func(ctx context.Context) error) error { // want Execute:`runsReadOnly\(\[1\]\)`
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

type Orders struct{}

func (Orders) Save(ctx context.Context, id string) error { return nil }
