package outbox

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/idemlint/idemlint/idem/ctxutil"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// querier is a transaction (default mode) or the pool (two-phase).
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// errLeaseLost: the two-phase batch's rows were taken back (StuckAfter)
// before its publish; a newer batch owns them.
var errLeaseLost = errors.New("outbox: the batch's lease was lost (its rows were returned to PENDING after StuckAfter); not publishing them")

// txBatch locks, publishes and marks a batch in one transaction.
func (r *Relay) txBatch(ctx context.Context) (int, error) {
	tx, err := r.DB.Begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("outbox: begin: %w", err)
	}
	defer rollback(ctx, tx)

	rows, err := tx.Query(ctx, lockPendingQuery, r.batchSize())
	if err != nil {
		return 0, fmt.Errorf("outbox: lock batch: %w", err)
	}
	msgs, err := scanMessages(rows)
	if err != nil {
		return 0, fmt.Errorf("outbox: lock batch: %w", err)
	}
	if len(msgs) == 0 {
		return 0, nil
	}
	if err := r.step(stepLocked); err != nil {
		return 0, err
	}
	pubErr := r.Publisher.Publish(ctx, msgs)
	if pubErr == nil {
		if err := r.step(stepPublished); err != nil {
			return 0, err
		}
	}
	ctx, cancel := settleContext(ctx, r.batchTimeout())
	defer cancel()
	n, failures, err := r.settle(ctx, tx, msgs, 0, pubErr)
	if err != nil {
		return 0, err
	}
	if pubErr == nil {
		if err := r.step(stepMarked); err != nil {
			return 0, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("outbox: commit: %w", err)
	}
	r.report(ctx, failures)
	return n, publishError(pubErr, len(msgs))
}

// twoPhaseBatch moves a batch to PUBLISHING under a new lease, publishes it
// if the lease still holds, and settles the rows the lease still holds.
func (r *Relay) twoPhaseBatch(ctx context.Context) (int, error) {
	rows, err := r.DB.Query(ctx, newLeaseQuery)
	if err != nil {
		return 0, fmt.Errorf("outbox: new lease: %w", err)
	}
	lease, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[int64])
	if err != nil {
		return 0, fmt.Errorf("outbox: new lease: %w", err)
	}
	rows, err = r.DB.Query(ctx, claimPublishingQuery, r.batchSize(), lease)
	if err != nil {
		return 0, fmt.Errorf("outbox: claim batch: %w", err)
	}
	msgs, err := scanMessages(rows)
	if err != nil {
		return 0, fmt.Errorf("outbox: claim batch: %w", err)
	}
	if len(msgs) == 0 {
		return 0, nil
	}
	claimed := time.Now()
	if err := r.step(stepLocked); err != nil {
		return 0, err
	}
	// The fencing check: a relay that stalled (GC pause, SIGSTOP, a slow
	// disk) past StuckAfter must not publish rows another relay now owns.
	if time.Since(claimed) >= r.stuckAfter() {
		return 0, errLeaseLost
	}
	var held int
	rows, err = r.DB.Query(ctx, leaseHeldQuery, rowIDs(msgs), lease)
	if err == nil {
		held, err = pgx.CollectExactlyOneRow(rows, pgx.RowTo[int])
	}
	if err != nil {
		return 0, fmt.Errorf("outbox: check lease: %w", err)
	}
	if held != len(msgs) {
		return 0, errLeaseLost
	}
	pubErr := r.Publisher.Publish(ctx, msgs)
	if pubErr == nil {
		if err := r.step(stepPublished); err != nil {
			return 0, err
		}
	}
	ctx, cancel := settleContext(ctx, r.batchTimeout())
	defer cancel()
	n, failures, err := r.settle(ctx, r.DB, msgs, lease, pubErr)
	if err != nil {
		return 0, err
	}
	r.report(ctx, failures)
	return n, publishError(pubErr, len(msgs))
}

// settle records a publish's outcome on the batch's rows: acknowledged rows
// PUBLISHED, permanent failures counted (FAILED at MaxAttempts), passing
// failures back to PENDING. lease 0 is the default mode. It returns how many
// rows it marked published.
func (r *Relay) settle(ctx context.Context, q querier, msgs []Message, lease int64, pubErr error) (int, []Failure, error) {
	var ok, again, failed []int64
	var failErrs []string
	byRow := map[int64]int{}
	errs := make([]error, len(msgs))
	if pubErr != nil {
		errs = perMessage(pubErr, len(msgs))
	}
	for i, m := range msgs {
		byRow[m.Row] = i
		switch err := errs[i]; {
		case err == nil:
			ok = append(ok, m.Row)
		case IsPermanent(err):
			failed = append(failed, m.Row)
			failErrs = append(failErrs, err.Error())
		default:
			again = append(again, m.Row)
		}
	}
	published := 0
	if len(ok) > 0 {
		tag, err := q.Exec(ctx, markPublishedQuery, ok, lease)
		if err != nil {
			return 0, nil, fmt.Errorf("outbox: mark published: %w", err)
		}
		published = int(tag.RowsAffected())
		if published < len(ok) {
			r.logger().WarnContext(ctx, "outbox: rows published after their lease was lost; another relay owns them",
				"rows", len(ok)-published)
		}
	}
	if len(again) > 0 && lease != 0 {
		if _, err := q.Exec(ctx, releaseQuery, again, lease); err != nil {
			return 0, nil, fmt.Errorf("outbox: release rows: %w", err)
		}
	}
	var failures []Failure
	if len(failed) > 0 {
		rows, err := q.Query(ctx, failQuery, failed, lease, failErrs, r.maxAttempts(),
			(10 * time.Minute).Seconds(), r.retryBackoff().Seconds())
		if err != nil {
			return 0, nil, fmt.Errorf("outbox: count failed attempts: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var f Failure
			var row int64
			if err := rows.Scan(&row, &f.Attempts, &f.Failed); err != nil {
				return 0, nil, fmt.Errorf("outbox: count failed attempts: %w", err)
			}
			f.Message, f.Err = msgs[byRow[row]], errs[byRow[row]]
			failures = append(failures, f)
		}
		if err := rows.Err(); err != nil {
			return 0, nil, fmt.Errorf("outbox: count failed attempts: %w", err)
		}
	}
	return published, failures, nil
}

// report logs counted failures and calls OnFailure.
func (r *Relay) report(ctx context.Context, failures []Failure) {
	for _, f := range failures {
		r.logger().WarnContext(ctx, "outbox: event failed to publish", "event_id", f.Message.EventID,
			"attempts", f.Attempts, "failed", f.Failed, "error", f.Err)
		if r.OnFailure != nil {
			r.OnFailure(ctx, f)
		}
	}
}

// settleContext is ctx, or, when the publish used up the batch's time, a
// fresh one of the same length: the outcome is recorded even after a
// publish that timed out (so a batch takes at most twice BatchTimeout).
func settleContext(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	if ctx.Err() == nil {
		return ctx, func() {}
	}
	return ctxutil.Detached(ctx, timeout)
}

func publishError(err error, n int) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("outbox: publish %d events: %w", n, err)
}

// rollbackTimeout bounds the rollback of a batch that failed.
const rollbackTimeout = 5 * time.Second

// rollback ends the batch's transaction (a no-op after Commit). It does not
// use ctx: after BatchTimeout ctx is done, and pgx answers a rollback on a
// done context by closing the connection, so the server releases the rows'
// locks only when it notices, and a batch started meanwhile skips them
// (SKIP LOCKED) and finds nothing to publish.
func rollback(ctx context.Context, tx pgx.Tx) {
	rctx, cancel := ctxutil.Detached(ctx, rollbackTimeout)
	defer cancel()
	_ = tx.Rollback(rctx)
}
