// Package relayctx holds the batch-context shapes the relays use.
package relayctx

import (
	"context"
	"time"

	"example.com/corpus/billing/internal/platform/ctxutil"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Helper(parent context.Context, pool *pgxpool.Pool) error {
	d := ctxutil.WithoutCancel(parent)
	ctx, cancel := context.WithTimeout(d, 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return nil })
}

func localDetach(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }

func LocalHelper(parent context.Context, pool *pgxpool.Pool) error {
	ctx, cancel := context.WithTimeout(localDetach(parent), 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return nil })
}
