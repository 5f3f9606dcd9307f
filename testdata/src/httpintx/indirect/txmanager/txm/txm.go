// Package txm is a company transaction manager: an interface and its pgx
// implementation in one package, the shape of avito-tech/go-transaction-manager
// style wrappers.
package txm

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Manager runs a function inside a transaction.
type Manager interface {
	WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error
}

type pgManager struct{ pool *pgxpool.Pool }

// New returns the pgx manager.
func New(pool *pgxpool.Pool) Manager { return &pgManager{pool: pool} }

func (m *pgManager) WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := m.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(ctx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
