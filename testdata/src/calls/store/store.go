package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Queries is what sqlc generates.
type Queries struct{ db DBTX }

type DBTX interface{}

func New(db DBTX) *Queries { return &Queries{db: db} } // want New:"keeps Queries f0←p0"

func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: tx} } // want WithTx:"keeps Queries f0←p0"

type Store struct {
	pool *pgxpool.Pool
	q    *Queries
}

// WithTx runs fn inside one transaction.
func (s *Store) WithTx(ctx context.Context, fn func(q *Queries) error) error { // want WithTx:`calls\(p1 in tx\)`
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(s.q.WithTx(tx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// InTx does the same through pgx.BeginFunc.
func (s *Store) InTx(ctx context.Context, fn func(q *Queries) error) error { // want InTx:`calls\(p1 in tx\)`
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return fn(s.q.WithTx(tx))
	})
}

// Forward hands its callback on to WithTx.
func (s *Store) Forward(ctx context.Context, fn func(q *Queries) error) error { // want Forward:`calls\(p1 in tx\)`
	return s.WithTx(ctx, fn)
}

// After calls fn after the commit: no transaction.
func (s *Store) After(ctx context.Context, fn func() error) error { // want After:`^calls\(p1\)$`
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return fn()
}
