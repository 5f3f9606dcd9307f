// Package pgrepo stores payments with pgx.
package pgrepo

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Repo is the pgx payment store.
type Repo struct{ pool *pgxpool.Pool }

// New returns the store.
func New(pool *pgxpool.Pool) *Repo { return &Repo{pool: pool} }

// Insert stores a payment.
func (r *Repo) Insert(ctx context.Context, id string, amount int64) error {
	_, err := r.pool.Exec(ctx, `INSERT INTO payments (id, amount) VALUES ($1, $2)`, id, amount)
	return err
}
