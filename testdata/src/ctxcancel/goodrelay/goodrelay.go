// Package goodrelay is the seed's correct relay: ctx.Done() only between
// batches, the batch on context.WithTimeout(context.WithoutCancel(ctx), d).
package goodrelay

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type OutboxRelay struct {
	pool         *pgxpool.Pool
	writer       *kafka.Writer
	interval     time.Duration
	batchTimeout time.Duration
}

func (r *OutboxRelay) processOneBatch(ctx context.Context) error { // want processOneBatch:"reachesSink p0:writer.WriteMessages p0:tx.Commit"
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := r.writer.WriteMessages(ctx, kafka.Message{}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (r *OutboxRelay) Run(ctx context.Context) {
	ticker := time.NewTicker(r.interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return // no new batch
		case <-ticker.C:
		}
		batchCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.batchTimeout)
		if err := r.processOneBatch(batchCtx); err != nil {
			slog.WarnContext(ctx, "outbox relay batch", "error", err)
		}
		cancel()
	}
}

// batchContext is a helper that detaches with a deadline.
func batchContext(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), d)
}

func (r *OutboxRelay) RunWithHelper(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		bctx, cancel := batchContext(ctx, r.batchTimeout)
		_ = r.processOneBatch(bctx)
		cancel()
	}
}
