// want package:`wired\(1\)`

// Package repoadapter implements usecase.OrderRepo with pgx.
package repoadapter

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"dualwrite/wiring/usecase"
)

type repo struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) usecase.OrderRepo { return &repo{pool: pool} }

func (r *repo) Save(ctx context.Context, id string) error { // want `usecase\.\(\*Counter\)\.Take \(usecase\.go:51\) writes to the database \(usecase\.OrderRepo\.Save → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(bus\.Emitter\.Emit → … → \(\*kafka\.Writer\)\.WriteMessages\)`
	_, err := r.pool.Exec(ctx, `INSERT INTO counter_orders (id) VALUES ($1)`, id)
	return err
}
