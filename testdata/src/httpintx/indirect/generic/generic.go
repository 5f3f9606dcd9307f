// Package generic has a generic transaction helper whose callback returns
// a value.
package generic

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// InTx runs fn in a transaction and returns its result.
func InTx[T any](ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) (T, error)) (T, error) {
	var zero T
	tx, err := pool.Begin(ctx)
	if err != nil {
		return zero, err
	}
	defer tx.Rollback(ctx)
	v, err := fn(tx)
	if err != nil {
		return zero, err
	}
	return v, tx.Commit(ctx)
}

func Charge(ctx context.Context, pool *pgxpool.Pool, c *http.Client, req *http.Request) (int, error) {
	return InTx(ctx, pool, func(tx pgx.Tx) (int, error) {
		resp, err := c.Do(req) // want `HTTP call \(\*http\.Client\)\.Do inside the transaction that generic\.InTx begins at generic\.go:16`
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, nil
	})
}

func Count(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	return InTx[int](ctx, pool, func(tx pgx.Tx) (int, error) {
		var n int
		err := tx.QueryRow(ctx, "SELECT count(*) FROM orders").Scan(&n)
		return n, err
	})
}
