package outbox

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"example.com/corpus/billing/internal/db"
	"example.com/corpus/billing/internal/platform/ctxutil"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// LegacyRelay is the relay of the notifications outbox, written before the
// batch context was introduced.
type LegacyRelay struct {
	Pool    *pgxpool.Pool
	Writer  *kafka.Writer
	Every   time.Duration
	Queries *db.Queries
}

func (r *LegacyRelay) flush(ctx context.Context) error {
	tx, err := r.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := r.Queries.WithTx(tx)
	events, err := q.LockPendingOutboxBatch(ctx, 50)
	if err != nil {
		return err
	}
	msgs := make([]kafka.Message, len(events))
	for i, e := range events {
		msgs[i] = kafka.Message{Key: []byte(e.AggregateID), Value: e.Payload}
	}
	if err := r.Writer.WriteMessages(ctx, msgs...); err != nil { // want: ctxcancel
		return fmt.Errorf("publish: %w", err)
	}
	for _, e := range events {
		if err := q.MarkOutboxDispatched(ctx, e.ID); err != nil {
			return err
		}
	}
	return tx.Commit(ctx) // want: ctxcancel
}

// Start flushes on every tick until ctx is done; the batch runs on the
// loop's own context.
func (r *LegacyRelay) Start(ctx context.Context) {
	t := time.NewTicker(r.Every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			slog.Info("legacy relay stopped")
			return
		case <-t.C:
			if err := r.flush(ctx); err != nil {
				slog.Warn("legacy relay flush", "error", err)
			}
		}
	}
}

// flushMixed protects the transaction but not the publish.
func (r *LegacyRelay) flushMixed(ctx context.Context) error {
	dbCtx, cancel := ctxutil.Detached(ctx, 10*time.Second)
	defer cancel()
	tx, err := r.Pool.Begin(dbCtx)
	if err != nil {
		return err
	}
	defer tx.Rollback(dbCtx)
	events, err := r.Queries.WithTx(tx).LockPendingOutboxBatch(dbCtx, 50)
	if err != nil {
		return err
	}
	msgs := make([]kafka.Message, len(events))
	for i, e := range events {
		msgs[i] = kafka.Message{Key: []byte(e.AggregateID), Value: e.Payload}
	}
	if err := r.Writer.WriteMessages(ctx, msgs...); err != nil { // want: ctxcancel
		return err
	}
	for _, e := range events {
		if err := r.Queries.WithTx(tx).MarkOutboxDispatched(dbCtx, e.ID); err != nil {
			return err
		}
	}
	return tx.Commit(dbCtx)
}

// StartMixed calls flushMixed between ticks.
func (r *LegacyRelay) StartMixed(ctx context.Context) {
	t := time.NewTicker(r.Every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := r.flushMixed(ctx); err != nil {
			slog.Warn("flush", "error", err)
		}
	}
}

// StartUnbounded detaches the batch but gives it no deadline.
func (r *LegacyRelay) StartUnbounded(ctx context.Context) {
	t := time.NewTicker(r.Every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := r.flush(context.WithoutCancel(ctx)); err != nil { // want: ctxcancel
			slog.Warn("flush", "error", err)
		}
	}
}
