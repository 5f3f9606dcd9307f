// Package worker runs the charge jobs the outbox ordered.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"example.com/corpus/billing/internal/adapters/out/payment"
	"example.com/corpus/billing/internal/db"
	"example.com/corpus/billing/internal/platform/ctxutil"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ChargeWorker claims charge jobs and calls the provider outside any
// transaction.
type ChargeWorker struct {
	pool    *pgxpool.Pool
	queries *db.Queries
	gateway *payment.Client
	workers int
	poll    time.Duration
	log     *slog.Logger
}

// NewChargeWorker wires the worker.
func NewChargeWorker(pool *pgxpool.Pool, gw *payment.Client, log *slog.Logger) *ChargeWorker {
	return &ChargeWorker{pool: pool, queries: db.New(pool), gateway: gw, workers: 4, poll: time.Second, log: log}
}

// Run polls for jobs and fans them out to a fixed pool of goroutines.
func (w *ChargeWorker) Run(ctx context.Context) error {
	jobs := make(chan db.ClaimChargeJobsRow)
	var wg sync.WaitGroup
	for i := 0; i < w.workers; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			for job := range jobs {
				w.runJob(ctx, id, job)
			}
		}(i)
	}
	defer wg.Wait()
	defer close(jobs)

	ticker := time.NewTicker(w.poll)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-ticker.C:
		}
		pollID := uuid.NewString()
		batch, err := w.claim(ctx)
		if err != nil {
			w.log.WarnContext(ctx, "claim failed", "poll_id", pollID, "error", err)
			continue
		}
		w.log.DebugContext(ctx, "claimed jobs", "poll_id", pollID, "count", len(batch))
		for _, job := range batch {
			select {
			case jobs <- job:
			case <-ctx.Done():
				return nil
			}
		}
	}
}

// claim takes a batch of jobs in a short transaction and commits before any
// network call.
func (w *ChargeWorker) claim(ctx context.Context) ([]db.ClaimChargeJobsRow, error) {
	claimCtx, cancel := ctxutil.Detached(ctx, 5*time.Second)
	defer cancel()
	var out []db.ClaimChargeJobsRow
	err := pgx.BeginFunc(claimCtx, w.pool, func(tx pgx.Tx) error {
		rows, err := w.queries.WithTx(tx).ClaimChargeJobs(claimCtx, 10)
		out = rows
		return err
	})
	return out, err
}

func (w *ChargeWorker) runJob(ctx context.Context, worker int, job db.ClaimChargeJobsRow) {
	jobCtx, cancel := ctxutil.Detached(ctx, 45*time.Second)
	defer cancel()
	status := "DONE"
	_, err := w.gateway.ChargeWithRetry(jobCtx, payment.ChargeCommand{
		IdempotencyKey: job.IdempotencyKey,
		OrderID:        job.OrderID,
		AmountKopecks:  job.AmountKopecks,
	})
	if errors.Is(err, payment.ErrDeclined) {
		status = "DECLINED"
	} else if err != nil {
		w.log.WarnContext(jobCtx, "charge failed; job stays RUNNING for the sweeper", "worker", worker, "job", job.ID, "error", err)
		return
	}
	if err := w.complete(jobCtx, job.ID, status); err != nil {
		w.log.ErrorContext(jobCtx, "complete job", "job", job.ID, "error", err)
	}
}

func (w *ChargeWorker) complete(ctx context.Context, id, status string) error {
	n, err := w.queries.CompleteChargeJob(ctx, db.CompleteChargeJobParams{ID: id, Status: status})
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("job %s was not RUNNING any more", id)
	}
	return nil
}
