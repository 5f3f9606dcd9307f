// Package idemutil: idemlint's own ctxutil.Detached is a detacher with a
// deadline, known without a fact.
package idemutil

import (
	"context"
	"time"

	"github.com/idemlint/idemlint/idem/ctxutil"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// The documented loop: silent.
func Run(ctx context.Context, pool *pgxpool.Pool, w *kafka.Writer) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		batchCtx, cancel := ctxutil.Detached(ctx, 10*time.Second)
		_ = pgx.BeginFunc(batchCtx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(batchCtx, "UPDATE outbox SET sent = true")
			return err
		})
		_ = w.WriteMessages(batchCtx, kafka.Message{})
		cancel()
	}
}

// Rebinding ctx, captured by the callback: silent.
func batch(ctx context.Context, pool *pgxpool.Pool) error {
	ctx, cancel := ctxutil.Detached(ctx, 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE outbox SET sent = true")
		return err
	})
}

func RunBatch(ctx context.Context, pool *pgxpool.Pool) {
	for ctx.Err() == nil {
		_ = batch(ctx, pool)
	}
}

// A wrapper returns the helper's context: the fact says so.
func detach(ctx context.Context) (context.Context, context.CancelFunc) {
	return ctxutil.Detached(ctx, 5*time.Second)
}

// Rule 2: the publish is protected with the helper, the commit is not.
func Mixed(ctx context.Context, pool *pgxpool.Pool, w *kafka.Writer) error { // want Mixed:"reachesSink p0:tx.Commit"
	pctx, cancel := detach(ctx)
	defer cancel()
	if err := w.WriteMessages(pctx, kafka.Message{}); err != nil {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(ctx) // want `tx.Commit gets ctx, which keeps its caller's cancellation, while the publish \(writer.WriteMessages\) is protected`
}

// The same with the helper called directly.
func MixedDirect(ctx context.Context, pool *pgxpool.Pool, w *kafka.Writer) error { // want MixedDirect:"reachesSink p0:writer.WriteMessages"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	cctx, cancel := ctxutil.Detached(ctx, 10*time.Second)
	defer cancel()
	if err := tx.Commit(cctx); err != nil {
		return err
	}
	return w.WriteMessages(ctx, kafka.Message{}) // want `writer.WriteMessages gets ctx, which keeps its caller's cancellation, while the transaction \(tx.Commit\) is protected`
}
