// Package relay is the seed's outbox relay: the worker's context reaches the batch.
package relay

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type OutboxRelay struct {
	pool     *pgxpool.Pool
	writer   *kafka.Writer
	interval time.Duration
}

func (r *OutboxRelay) processOneBatch(ctx context.Context) error { // want processOneBatch:"reachesSink p0:writer.WriteMessages p0:tx.Commit"
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback(ctx)
	msgs := []kafka.Message{{Key: []byte("k")}}
	if err := r.writer.WriteMessages(ctx, msgs...); err != nil { // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at relay\.go:38, via Run\) and reaches writer\.WriteMessages: SIGTERM leaves the batch half done \(published but rolled back, or committed but not published\); give it context\.WithTimeout\(context\.WithoutCancel\(ctx\), d\) here or in Run`
		return fmt.Errorf("write outbox batch: %w", err)
	}
	return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at relay\.go:38, via Run\) and reaches tx\.Commit: SIGTERM leaves the batch half done \(published but rolled back, or committed but not published\); give it context\.WithTimeout\(context\.WithoutCancel\(ctx\), d\) here or in Run`
}

func (r *OutboxRelay) Run(ctx context.Context) {
	ticker := time.NewTicker(r.interval)
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

// RunErrLoop stops on `for ctx.Err() == nil`.
func (r *OutboxRelay) RunErrLoop(ctx context.Context) error {
	for ctx.Err() == nil {
		tx, err := r.pool.Begin(ctx)
		if err != nil {
			continue
		}
		_ = tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx.Err\(\) at relay.go:50\) and reaches tx.Commit:`
	}
	return nil
}
