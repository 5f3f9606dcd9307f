// Package scheduler enqueues scheduled notifications when they are due.
package scheduler

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Scheduler moves due rows of scheduled_notifications to asynq.
type Scheduler struct {
	Pool  *pgxpool.Pool
	Queue *asynq.Client
	Log   *slog.Logger
	Every time.Duration
}

// Run ticks until ctx is done.
func (s *Scheduler) Run(ctx context.Context) {
	t := time.NewTicker(s.Every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			s.Log.Info("scheduler stopped")
			return
		case <-t.C:
			if err := s.tick(ctx); err != nil {
				s.Log.Error("scheduler tick", "err", err)
			}
		}
	}
}

func (s *Scheduler) tick(ctx context.Context) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, kind, payload FROM scheduled_notifications WHERE due_at <= now() AND enqueued_at IS NULL ORDER BY due_at LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	type due struct {
		id      int64
		kind    string
		payload json.RawMessage
	}
	var all []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.kind, &d.payload); err != nil {
			return err
		}
		all = append(all, d)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, d := range all {
		if _, err := s.Queue.EnqueueContext(ctx, asynq.NewTask(d.kind, d.payload), asynq.MaxRetry(5)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE scheduled_notifications SET enqueued_at = now() WHERE id = $1`, d.id); err != nil {
			return err
		}
	}
	return tx.Commit(ctx) // want: ctxcancel
}
