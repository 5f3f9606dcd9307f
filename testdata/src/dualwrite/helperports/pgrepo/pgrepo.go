// Package pgrepo implements the repository port with pgx.
package pgrepo

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Orders struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Orders { return &Orders{pool: pool} }

func (o *Orders) Create(ctx context.Context, id string) error {
	_, err := o.pool.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id)
	return err
}
