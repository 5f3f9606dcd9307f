// Package txhelp is a company transaction helper package: the EndsTx and
// BeginsTx facts carry its helpers to usetxhelp.
package txhelp

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
)

// Commit commits tx and wraps the error.
func Commit(tx *sqlx.Tx) error { // want Commit:`endsTx\(p0\)`
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Finish commits or rolls back, through Commit.
func Finish(tx *sqlx.Tx, err error) error { // want Finish:`endsTx\(p0\)`
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	return Commit(tx)
}

// Touch uses tx without ending it.
func Touch(ctx context.Context, tx *sqlx.Tx) error { // want Touch:`^write\(\(\*sql\.Tx\)\.ExecContext\)$`
	_, err := tx.ExecContext(ctx, "UPDATE t SET n = n + 1")
	return err
}

// UnitOfWork holds an open transaction.
type UnitOfWork struct {
	tx   pgx.Tx
	done bool
}

// Manager begins units of work.
type Manager struct{ Pool *pgxpool.Pool }

// Begin opens a unit of work.
func (m *Manager) Begin(ctx context.Context) (*UnitOfWork, error) { // want Begin:`beginsTx`
	tx, err := m.Pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return &UnitOfWork{tx: tx}, nil
}

// Start opens a unit of work through Begin, storing the field afterwards.
func Start(ctx context.Context, m *Manager) (*UnitOfWork, error) { // want Start:`beginsTx`
	u, err := m.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return u, nil
}

// Open stores the transaction in a field of a variable it returns.
func Open(ctx context.Context, pool *pgxpool.Pool) (*UnitOfWork, error) { // want Open:`beginsTx`
	u := &UnitOfWork{}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	u.tx = tx
	return u, nil
}

// Wrap holds a transaction the caller began: not a begin.
func Wrap(tx pgx.Tx) *UnitOfWork { return &UnitOfWork{tx: tx} } // want Wrap:"keeps UnitOfWork f0←p0"

// Tx returns the transaction.
func (u *UnitOfWork) Tx() pgx.Tx { return u.tx }

// Commit commits the unit of work.
func (u *UnitOfWork) Commit(ctx context.Context) error { // want Commit:`endsTx\(recv\)`
	u.done = true
	return u.tx.Commit(ctx)
}

// Close rolls back an unfinished unit of work.
func (u *UnitOfWork) Close(ctx context.Context) { // want Close:`endsTx\(recv\)`
	if !u.done {
		_ = u.tx.Rollback(ctx)
	}
}

// Repo holds a pool, not a transaction.
type Repo struct{ pool *pgxpool.Pool }

// NewRepo returns a repository: not a begin.
func NewRepo(pool *pgxpool.Pool) (*Repo, error) { return &Repo{pool: pool}, nil } // want NewRepo:"keeps Repo f0←p0"
