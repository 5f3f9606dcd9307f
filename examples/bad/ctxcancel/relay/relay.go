// Package relay is the seed's outbox relay with the worker's context handed
// to the batch: SIGTERM cancels tx.Commit and WriteMessages mid-flight.
package relay

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// OutboxRelay publishes outbox rows to Kafka.
type OutboxRelay struct {
	Pool         *pgxpool.Pool
	Writer       *kafka.Writer
	Interval     time.Duration
	BatchTimeout time.Duration
}

func (r *OutboxRelay) processOneBatch(ctx context.Context) error {
	tx, err := r.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, "SELECT id, payload FROM outbox_event WHERE status = 'PENDING' FOR UPDATE SKIP LOCKED LIMIT 100")
	if err != nil {
		return err
	}
	var msgs []kafka.Message
	for rows.Next() {
		var id string
		var payload []byte
		if err := rows.Scan(&id, &payload); err != nil {
			return err
		}
		msgs = append(msgs, kafka.Message{Key: []byte(id), Value: payload})
	}
	if len(msgs) == 0 {
		return nil
	}
	if err := r.Writer.WriteMessages(ctx, msgs...); err != nil { // want: ctxcancel
		return fmt.Errorf("write outbox batch: %w", err)
	}
	if _, err := tx.Exec(ctx, "UPDATE outbox_event SET status = 'PUBLISHED' WHERE status = 'PENDING'"); err != nil {
		return err
	}
	return tx.Commit(ctx) // want: ctxcancel
}

// Run stops on ctx.Done() and hands the same ctx to the batch.
func (r *OutboxRelay) Run(ctx context.Context) {
	ticker := time.NewTicker(r.Interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
		if err := r.processOneBatch(ctx); err != nil {
			slog.WarnContext(ctx, "outbox relay batch", "error", err)
		}
	}
}

// processGuarded protects the transaction but not the publish.
func (r *OutboxRelay) processGuarded(ctx context.Context, msgs []kafka.Message) error {
	batchCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.BatchTimeout)
	defer cancel()
	tx, err := r.Pool.Begin(batchCtx)
	if err != nil {
		return err
	}
	defer tx.Rollback(batchCtx)
	if err := r.Writer.WriteMessages(ctx, msgs...); err != nil { // want: ctxcancel
		return err
	}
	return tx.Commit(batchCtx)
}

// commitDetached detaches but sets no timeout: a hung database holds shutdown.
func (r *OutboxRelay) commitDetached(ctx context.Context) error {
	tx, err := r.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(context.WithoutCancel(ctx)) // want: ctxcancel
}

// RunAll keeps the helpers in use.
func (r *OutboxRelay) RunAll(ctx context.Context) error {
	if err := r.processGuarded(ctx, nil); err != nil {
		return err
	}
	return r.commitDetached(ctx)
}
