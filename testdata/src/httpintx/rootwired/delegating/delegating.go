// Package delegating implements the unit of work twice over one helper that
// begins the transaction with the options it is given: read-only for
// reports, serializable for writes.
package delegating

import (
	"context"
	"database/sql"
)

type ReadOnly struct{ DB *sql.DB }

func (u *ReadOnly) Execute(ctx context.Context, fn func(ctx context.Context) error) error { // want Execute:`runsReadOnly\(\[1\]\)`
	return run(ctx, u.DB, &sql.TxOptions{ReadOnly: true}, fn)
}

type Writes struct{ DB *sql.DB }

func (u *Writes) Execute(ctx context.Context, fn func(ctx context.Context) error) error {
	return run(ctx, u.DB, &sql.TxOptions{Isolation: sql.LevelSerializable}, fn)
}

func run(ctx context.Context, db *sql.DB, opts *sql.TxOptions, fn func(ctx context.Context) error) error {
	tx, err := db.BeginTx(ctx, opts)
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
