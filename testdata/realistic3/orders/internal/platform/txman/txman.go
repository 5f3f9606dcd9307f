// Package txman is the orders service's transaction manager: the pgx
// transaction travels in the context, repositories pick it up with Conn.
package txman

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBTX is what repositories run statements on: the pool or the open transaction.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type txKey struct{}

// Manager implements domain.TxManager on a pgx pool.
type Manager struct {
	pool *pgxpool.Pool
}

// New returns a Manager.
func New(pool *pgxpool.Pool) *Manager { return &Manager{pool: pool} }

// WithinTransaction runs fn in a read-write transaction (or joins the one in ctx).
func (m *Manager) WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error {
	return m.run(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, fn)
}

// WithinReadOnly runs fn in a read-only transaction.
func (m *Manager) WithinReadOnly(ctx context.Context, fn func(ctx context.Context) error) error {
	return m.run(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly}, fn)
}

func (m *Manager) run(ctx context.Context, opts pgx.TxOptions, fn func(ctx context.Context) error) (err error) {
	if _, ok := ctx.Value(txKey{}).(pgx.Tx); ok {
		return fn(ctx)
	}
	tx, err := m.pool.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if err != nil {
			if rerr := tx.Rollback(ctx); rerr != nil && !errors.Is(rerr, pgx.ErrTxClosed) {
				err = errors.Join(err, rerr)
			}
		}
	}()
	if err = fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Conn returns the transaction carried by ctx, or the pool.
func (m *Manager) Conn(ctx context.Context) DBTX {
	if tx, ok := ctx.Value(txKey{}).(pgx.Tx); ok {
		return tx
	}
	return m.pool
}
