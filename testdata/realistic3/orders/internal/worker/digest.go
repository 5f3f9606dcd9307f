package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const digestSQL = `
INSERT INTO order_digests (day, orders, revenue)
SELECT created_at::date, count(*), sum(amount) FROM orders
WHERE created_at >= $1 AND created_at < $1 + interval '1 day'
GROUP BY 1`

// Digest writes the daily order digest every interval. It keeps the context
// Start was given for the flushes.
type Digest struct {
	pool     *pgxpool.Pool
	log      *slog.Logger
	interval time.Duration
	ctx      context.Context
}

// NewDigest returns the worker.
func NewDigest(pool *pgxpool.Pool, log *slog.Logger, interval time.Duration) *Digest {
	return &Digest{pool: pool, log: log, interval: interval}
}

// Start ticks until ctx is done.
func (d *Digest) Start(ctx context.Context) error {
	d.ctx = ctx
	t := time.NewTicker(d.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case now := <-t.C:
			if err := d.flush(now.Truncate(24 * time.Hour)); err != nil {
				d.log.Error("digest", "err", err)
			}
		}
	}
}

func (d *Digest) flush(day time.Time) error {
	tx, err := d.pool.Begin(d.ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(d.ctx)
	if _, err := tx.Exec(d.ctx, `DELETE FROM order_digests WHERE day = $1`, day); err != nil {
		return err
	}
	if _, err := tx.Exec(d.ctx, digestSQL, day); err != nil {
		return err
	}
	return tx.Commit(d.ctx) // want: ctxcancel
}

// Rollup is Digest done right: each flush runs on a context detached from
// shutdown with its own timeout.
type Rollup struct {
	pool     *pgxpool.Pool
	log      *slog.Logger
	interval time.Duration
	ctx      context.Context
}

// NewRollup returns the worker.
func NewRollup(pool *pgxpool.Pool, log *slog.Logger, interval time.Duration) *Rollup {
	return &Rollup{pool: pool, log: log, interval: interval}
}

// Start ticks until ctx is done.
func (r *Rollup) Start(ctx context.Context) error {
	r.ctx = ctx
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case now := <-t.C:
			if err := r.flush(now.Truncate(24 * time.Hour)); err != nil {
				r.log.Error("rollup", "err", err)
			}
		}
	}
}

func (r *Rollup) flush(day time.Time) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.ctx), 30*time.Second)
	defer cancel()
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `DELETE FROM order_digests WHERE day = $1`, day); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, digestSQL, day); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
