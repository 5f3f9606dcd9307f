package relayctx

import (
	"context"
	"time"

	"example.com/corpus/billing/internal/platform/ctxutil"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func HelperSameVar(parent context.Context, pool *pgxpool.Pool) error {
	ctx := ctxutil.WithoutCancel(parent)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return nil })
}

func HelperSameVarCommit(parent context.Context, pool *pgxpool.Pool) error {
	ctx := ctxutil.WithoutCancel(parent)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func HelperSameVarClosure(parent context.Context, pool *pgxpool.Pool) error {
	ctx := ctxutil.WithoutCancel(parent)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { // not a finding (a fixed false positive of ctxcancel)
		_, err := tx.Exec(ctx, "select 1")
		return err
	})
}

func DirectSameVarClosure(parent context.Context, pool *pgxpool.Pool) error {
	ctx := context.WithoutCancel(parent)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { // not a finding (a fixed false positive of ctxcancel)
		_, err := tx.Exec(ctx, "select 1")
		return err
	})
}
