// Package txm is a unit of work that holds a pgx transaction in a struct.
package txm

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Manager begins units of work on a pool.
type Manager struct {
	Pool *pgxpool.Pool
}

// UnitOfWork holds an open transaction for a use case that spans several
// repositories.
type UnitOfWork struct {
	tx   pgx.Tx
	done bool
}

// Begin opens a unit of work.
func (m *Manager) Begin(ctx context.Context) (*UnitOfWork, error) {
	tx, err := m.Pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return &UnitOfWork{tx: tx}, nil
}

// Tx returns the transaction.
func (u *UnitOfWork) Tx() pgx.Tx { return u.tx }

// Commit commits the unit of work.
func (u *UnitOfWork) Commit(ctx context.Context) error {
	u.done = true
	return u.tx.Commit(ctx)
}

// Close rolls back an unfinished unit of work.
func (u *UnitOfWork) Close(ctx context.Context) {
	if !u.done {
		_ = u.tx.Rollback(ctx)
	}
}
