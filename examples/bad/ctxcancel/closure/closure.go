// Package closure: a context variable captured by a transaction callback
// that still holds a context without protection where the callback runs.
package closure

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Untimed detaches the captured variable but gives it no timeout.
func Untimed(parent context.Context, pool *pgxpool.Pool) error {
	ctx := parent
	ctx = context.WithoutCancel(ctx)
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { // want: ctxcancel
		_, err := tx.Exec(ctx, "UPDATE outbox SET sent = true")
		return err
	})
}

// ReassignedAfter rebinds the variable to the worker's context after the
// callback is built and before it runs.
func ReassignedAfter(ctx context.Context, pool *pgxpool.Pool) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		commit := func() error {
			return pgx.BeginFunc(bctx, pool, func(pgx.Tx) error { return nil }) // want: ctxcancel
		}
		bctx = ctx
		_ = commit()
		cancel()
	}
}
