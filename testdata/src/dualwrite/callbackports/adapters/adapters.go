// Package adapters implements the store port with pgx: WithTx runs its
// callback between Begin and Commit, OnIdle keeps it for a background loop.
package adapters

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct {
	pool *pgxpool.Pool
	idle []func(ctx context.Context) error
}

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

func (s *Store) WithTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(ctx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (s *Store) OnIdle(ctx context.Context, fn func(ctx context.Context) error) error {
	s.idle = append(s.idle, fn)
	return nil
}

func (s *Store) Save(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO transfers (id) VALUES ($1)`, id)
	return err
}
