package outbox

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/idemlint/idemlint/idem/ctxutil"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DB is what the relay needs of the database: *pgxpool.Pool.
type DB interface {
	Begin(ctx context.Context) (pgx.Tx, error)
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Relay publishes committed outbox rows. Set DB and Publisher; the other
// fields have defaults.
type Relay struct {
	DB        DB
	Publisher Publisher

	BatchSize    int           // rows per batch; default 100
	BatchTimeout time.Duration // limit of one batch (lock, publish, mark); default 10s
	PollInterval time.Duration // wait after an empty or failed batch; default 500ms

	// TwoPhase selects PENDING → PUBLISHING → PUBLISHED with no transaction
	// open during the publish (see the package doc).
	TwoPhase bool
	// StuckAfter is how long a row may stay PUBLISHING before the cleanup
	// returns it to PENDING; it must exceed BatchTimeout. Default: one
	// minute, or 2×BatchTimeout if that is longer.
	StuckAfter time.Duration

	// MaxAttempts is how many permanent failures (see Permanent) a row may
	// have before it is FAILED and publishing moves on; default 10.
	MaxAttempts int
	// RetryBackoff is the wait before a row's second attempt, doubling per
	// attempt up to ten minutes; default 1s. After a passing failure (the
	// broker unreachable) the relay itself waits PollInterval, doubling up
	// to 30s.
	RetryBackoff time.Duration
	// OnFailure, if set, is called for each counted failed attempt (a
	// metric: failures, rows given up as FAILED).
	OnFailure func(ctx context.Context, f Failure)

	Logger *slog.Logger // default slog.Default()

	// hook, if set (tests), is called after each step of a batch; an error
	// stops the batch there, as if the process had died.
	hook func(step string) error
}

// Steps of a batch, for tests that cut a batch at each of them.
const (
	stepLocked    = "locked"    // rows locked (default) or moved to PUBLISHING (two-phase)
	stepPublished = "published" // the broker acknowledged the batch
	stepMarked    = "marked"    // rows marked PUBLISHED, not yet committed (default mode)
)

func (r *Relay) batchSize() int {
	if r.BatchSize > 0 {
		return r.BatchSize
	}
	return 100
}

func (r *Relay) batchTimeout() time.Duration {
	if r.BatchTimeout > 0 {
		return r.BatchTimeout
	}
	return 10 * time.Second
}

func (r *Relay) pollInterval() time.Duration {
	if r.PollInterval > 0 {
		return r.PollInterval
	}
	return 500 * time.Millisecond
}

func (r *Relay) stuckAfter() time.Duration {
	if r.StuckAfter > 0 {
		return r.StuckAfter
	}
	return max(time.Minute, 2*r.batchTimeout())
}

func (r *Relay) maxAttempts() int {
	if r.MaxAttempts > 0 {
		return r.MaxAttempts
	}
	return 10
}

func (r *Relay) retryBackoff() time.Duration {
	if r.RetryBackoff > 0 {
		return r.RetryBackoff
	}
	return time.Second
}

func (r *Relay) logger() *slog.Logger {
	if r.Logger != nil {
		return r.Logger
	}
	return slog.Default()
}

func (r *Relay) step(name string) error {
	if r.hook == nil {
		return nil
	}
	return r.hook(name)
}

func (r *Relay) check() error {
	if r.DB == nil || r.Publisher == nil {
		return errors.New("outbox: Relay needs DB and Publisher")
	}
	if r.TwoPhase && r.stuckAfter() <= r.batchTimeout() {
		return fmt.Errorf("outbox: StuckAfter (%v) must exceed BatchTimeout (%v), or rows still being published are published again", r.stuckAfter(), r.batchTimeout())
	}
	return nil
}

// Run publishes batches until ctx is done, then returns nil. It checks ctx
// only between batches: a batch that has started finishes (or fails by its
// own BatchTimeout), so a shutdown never leaves it half done. In two-phase
// mode it also returns stuck PUBLISHING rows to PENDING. Errors of single
// batches are logged and retried after PollInterval; Run returns an error
// only for a misconfigured Relay.
func (r *Relay) Run(ctx context.Context) error {
	if err := r.check(); err != nil {
		return err
	}
	var lastCleanup time.Time
	pause := r.pollInterval()
	for {
		select {
		case <-ctx.Done():
			return nil // start no new batch
		default:
		}
		if r.TwoPhase && time.Since(lastCleanup) >= r.stuckAfter()/2 {
			if _, err := r.ResetStuck(ctx); err != nil {
				r.logger().WarnContext(ctx, "outbox cleanup", "error", err)
			}
			lastCleanup = time.Now()
		}
		n, err := r.RunOnce(ctx)
		if err != nil {
			r.logger().WarnContext(ctx, "outbox relay batch", "error", err)
			pause = min(2*pause, max(30*time.Second, r.pollInterval()))
		} else {
			pause = r.pollInterval()
		}
		if err != nil || n < r.batchSize() {
			if !wait(ctx, pause) {
				return nil
			}
		}
	}
}

// wait sleeps for d; it reports false if ctx was done first.
func wait(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// RunOnce publishes one batch and returns the number of rows published. It
// runs on ctxutil.Detached(ctx, BatchTimeout): cancelling ctx does not cut
// the batch.
func (r *Relay) RunOnce(ctx context.Context) (int, error) {
	if err := r.check(); err != nil {
		return 0, err
	}
	batchCtx, cancel := ctxutil.Detached(ctx, r.batchTimeout())
	defer cancel()
	if r.TwoPhase {
		return r.twoPhaseBatch(batchCtx)
	}
	return r.txBatch(batchCtx)
}

// ResetStuck returns rows that have been PUBLISHING for longer than
// StuckAfter to PENDING (their relay died between the phases), so they are
// published again. Run calls it periodically in two-phase mode.
func (r *Relay) ResetStuck(ctx context.Context) (int64, error) {
	ctx, cancel := ctxutil.Detached(ctx, r.batchTimeout())
	defer cancel()
	tag, err := r.DB.Exec(ctx, resetStuckQuery, r.stuckAfter().Seconds())
	if err != nil {
		return 0, fmt.Errorf("outbox: reset stuck rows: %w", err)
	}
	return tag.RowsAffected(), nil
}

// RetryFailed returns FAILED rows (by event ID) to PENDING with their
// attempts reset, once what made them fail is fixed; it returns how many
// it found. last_error keeps the last failure.
func RetryFailed(ctx context.Context, db DB, eventIDs ...string) (int64, error) {
	tag, err := db.Exec(ctx, retryFailedQuery, eventIDs)
	if err != nil {
		return 0, fmt.Errorf("outbox: retry failed rows: %w", err)
	}
	return tag.RowsAffected(), nil
}

// Purge deletes rows published longer ago than olderThan.
func Purge(ctx context.Context, db DB, olderThan time.Duration) (int64, error) {
	tag, err := db.Exec(ctx, purgeQuery, olderThan.Seconds())
	if err != nil {
		return 0, fmt.Errorf("outbox: purge: %w", err)
	}
	return tag.RowsAffected(), nil
}

func scanMessages(rows pgx.Rows) ([]Message, error) {
	defer rows.Close()
	var msgs []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.Row, &m.EventID, &m.Topic, &m.Key, &m.Value, &m.Headers); err != nil {
			return nil, err
		}
		if m.Headers == nil {
			m.Headers = map[string]string{}
		}
		m.Headers[HeaderEventID] = m.EventID
		msgs = append(msgs, m)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// UPDATE ... RETURNING does not keep the subquery's order.
	slices.SortFunc(msgs, func(a, b Message) int { return cmp.Compare(a.Row, b.Row) })
	return msgs, nil
}

func rowIDs(msgs []Message) []int64 {
	ids := make([]int64, len(msgs))
	for i, m := range msgs {
		ids[i] = m.Row
	}
	return ids
}
