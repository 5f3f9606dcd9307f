// Package txm is the transaction manager: generic helpers over pgx.
package txm

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Manager begins transactions on a pool.
type Manager struct {
	Pool *pgxpool.Pool
}

// Do runs fn in a transaction and returns its value; ctx governs the commit.
func Do[T any](ctx context.Context, m *Manager, fn func(ctx context.Context, tx pgx.Tx) (T, error)) (T, error) {
	var zero T
	tx, err := m.Pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return zero, fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	v, err := fn(ctx, tx)
	if err != nil {
		return zero, err
	}
	if err := tx.Commit(ctx); err != nil {
		return zero, fmt.Errorf("commit: %w", err)
	}
	return v, nil
}

// Exec is Do for functions without a value.
func (m *Manager) Exec(ctx context.Context, fn func(ctx context.Context, tx pgx.Tx) error) error {
	_, err := Do(ctx, m, func(ctx context.Context, tx pgx.Tx) (struct{}, error) {
		return struct{}{}, fn(ctx, tx)
	})
	return err
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
	if u.done {
		return errors.New("unit of work already finished")
	}
	u.done = true
	return u.tx.Commit(ctx)
}

// Close rolls back an unfinished unit of work.
func (u *UnitOfWork) Close(ctx context.Context) {
	if !u.done {
		_ = u.tx.Rollback(ctx)
	}
}
