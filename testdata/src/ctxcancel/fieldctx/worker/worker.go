// Package worker: workers whose Start or Init method keeps the context it
// is given in a field of the receiver, read by the other methods that
// commit (a context kept by a method, not by a constructor).
package worker

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Digest keeps the context Start was given for its flushes: Start stops
// on it, so SIGTERM cancels the flush it interrupts.
type Digest struct {
	pool *pgxpool.Pool
	tick <-chan time.Time
	ctx  context.Context
}

func (d *Digest) Start(ctx context.Context) error {
	d.ctx = ctx
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-d.tick:
			_ = d.flush()
		}
	}
}

func (d *Digest) flush() error { // want flush:"reachesSink recv.f2:tx.Commit"
	tx, err := d.pool.Begin(context.Background())
	if err != nil {
		return err
	}
	return tx.Commit(d.ctx) // want `d.ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at worker.go:\d+, via Start\) and reaches tx.Commit`
}

// Spawner keeps the context and starts the loop in a goroutine.
type Spawner struct {
	pool *pgxpool.Pool
	tick <-chan time.Time
	ctx  context.Context
}

func (w *Spawner) Run(ctx context.Context) {
	w.ctx = ctx
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-w.tick:
				w.save()
			}
		}
	}()
}

func (w *Spawner) save() { // want save:"reachesSink recv.f2:tx.Commit"
	tx, _ := w.pool.Begin(context.Background())
	_ = tx.Commit(w.ctx) // want `w.ctx is cancelled on shutdown .* and reaches tx.Commit`
}

// Rollup is Digest done right: each flush runs on a context detached from
// shutdown with a deadline.
type Rollup struct {
	pool *pgxpool.Pool
	tick <-chan time.Time
	ctx  context.Context
}

func (r *Rollup) Start(ctx context.Context) error {
	r.ctx = ctx
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-r.tick:
			_ = r.flush()
		}
	}
}

func (r *Rollup) flush() error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.ctx), 30*time.Second)
	defer cancel()
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Detached keeps a detached context with a deadline in the field: left
// alone.
type Detached struct {
	pool   *pgxpool.Pool
	tick   <-chan time.Time
	ctx    context.Context
	cancel context.CancelFunc
}

func (w *Detached) Start(ctx context.Context) error {
	w.ctx, w.cancel = context.WithTimeout(context.WithoutCancel(ctx), time.Hour)
	defer w.cancel()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-w.tick:
			_ = w.flush()
		}
	}
}

func (w *Detached) flush() error { // want flush:"reachesSink recv.f2:tx.Commit"
	tx, err := w.pool.Begin(w.ctx)
	if err != nil {
		return err
	}
	return tx.Commit(w.ctx)
}

// Background keeps context.Background() in the field: left alone.
type Background struct {
	pool *pgxpool.Pool
	tick <-chan time.Time
	ctx  context.Context
}

func (w *Background) Start(ctx context.Context) error {
	w.ctx = context.Background()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-w.tick:
			_ = w.flush()
		}
	}
}

func (w *Background) flush() error { // want flush:"reachesSink recv.f2:tx.Commit"
	tx, err := w.pool.Begin(w.ctx)
	if err != nil {
		return err
	}
	return tx.Commit(w.ctx)
}

// Fresh keeps the stop context in the field but commits on a fresh one:
// left alone.
type Fresh struct {
	pool *pgxpool.Pool
	tick <-chan time.Time
	ctx  context.Context
}

func (w *Fresh) Start(ctx context.Context) error {
	w.ctx = ctx
	for {
		select {
		case <-w.ctx.Done():
			return nil
		case <-w.tick:
			_ = w.flush()
		}
	}
}

func (w *Fresh) flush() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Sweeper is given its context by Init and commits with it in Sweep; it
// has no loop of its own: whether the context stops on shutdown is the
// caller's (cmd).
type Sweeper struct {
	pool *pgxpool.Pool
	ctx  context.Context
}

func (w *Sweeper) Init(ctx context.Context) { w.ctx = ctx }

func (w *Sweeper) Sweep() error { // want Sweep:"reachesSink recv.f1:tx.Commit"
	tx, err := w.pool.Begin(context.Background())
	if err != nil {
		return err
	}
	return tx.Commit(w.ctx)
}

// Reset sets the field from a fresh context; Init is the only setter from
// a parameter.
func (w *Sweeper) Reset() { w.ctx = context.Background() }

// Ticker is Digest with its own ticker, stopped by a defer.
type Ticker struct {
	pool     *pgxpool.Pool
	interval time.Duration
	ctx      context.Context
}

func (d *Ticker) Start(ctx context.Context) error {
	d.ctx = ctx
	t := time.NewTicker(d.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case now := <-t.C:
			_ = d.flush(now)
		}
	}
}

func (d *Ticker) flush(day time.Time) error { // want flush:"reachesSink recv.f2:tx.Commit"
	tx, err := d.pool.Begin(d.ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(d.ctx)
	return tx.Commit(d.ctx) // want `d.ctx is cancelled on shutdown`
}
