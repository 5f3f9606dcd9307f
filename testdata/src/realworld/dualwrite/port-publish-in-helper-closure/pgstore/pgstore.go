// Package pgstore implements orders.Storage on pgx without importing it.
package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

func (s *Store) Create(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO orders (id, status) VALUES ($1, 'new')`, id)
	return err
}
