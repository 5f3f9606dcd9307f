// Package closures: a context variable that is reassigned and captured by
// a closure. The closure sees the value the variable holds where the
// closure is built (and any value stored after that), not every value the
// variable ever held.
package closures

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Relay struct{ Pool *pgxpool.Pool }

// The seed's batch function: ctx is rebound to the detached, timed context
// before the transaction callback captures it.
func (r *Relay) batch(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE outbox SET sent = true")
		return err
	})
}

func (r *Relay) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		_ = r.batch(ctx)
	}
}

// The same with = and a declared cancel.
func (r *Relay) assign(ctx context.Context) error {
	var cancel context.CancelFunc
	ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE outbox SET sent = true")
		return err
	})
}

func (r *Relay) RunAssign(ctx context.Context) {
	for ctx.Err() == nil {
		_ = r.assign(ctx)
		time.Sleep(time.Second)
	}
}

// Shadowing with := inside the loop, in a function literal.
func (r *Relay) RunInline(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			_ = pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, "UPDATE outbox SET sent = true")
				return err
			})
		}()
	}
}

// Detached in one step, the timeout added in the next (rule 3's twin).
func Detach(parent context.Context, pool *pgxpool.Pool) error {
	ctx := context.WithoutCancel(parent)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "select 1")
		return err
	})
}

// A closure nested in a closure sees the rebound variable too.
func Nested(parent context.Context, pool *pgxpool.Pool) error {
	ctx := context.WithoutCancel(parent)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	run := func() error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "select 1")
			return err
		})
	}
	return run()
}

// Still reported: the detached context has no timeout.
func Untimed(parent context.Context, pool *pgxpool.Pool) error {
	ctx := parent
	ctx = context.WithoutCancel(ctx)
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { // want `ctx is detached with context.WithoutCancel .* but has no timeout when it reaches pgx.BeginFunc`
		_, err := tx.Exec(ctx, "select 1")
		return err
	})
}

// Reported: the variable is rebound to the worker's context after the
// closure is built and before it runs.
func ReassignedAfter(ctx context.Context, pool *pgxpool.Pool) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		commit := func() error {
			return pgx.BeginFunc(bctx, pool, func(pgx.Tx) error { return nil }) // want `bctx is cancelled on shutdown \(stop signal ctx.Done\(\) at closures.go:\d+\) and reaches pgx.BeginFunc`
		}
		bctx = ctx
		_ = commit()
		cancel()
	}
}

// Reported: only one branch detaches.
func branch(ctx context.Context, pool *pgxpool.Pool, detach bool) error {
	if detach {
		ctx = context.WithoutCancel(ctx)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at closures\.go:182, via RunBranch\) and reaches pgx\.BeginFunc: SIGTERM rolls the transaction back`
		_, err := tx.Exec(ctx, "select 1")
		return err
	})
}

// Reported: a closure called before the send resets the variable to the
// worker's context.
func Reset(ctx context.Context, pool *pgxpool.Pool) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		reset := func() { bctx = ctx }
		reset()
		_ = pgx.BeginFunc(bctx, pool, func(pgx.Tx) error { return nil }) // want `bctx is cancelled on shutdown`
		cancel()
	}
}

// Reported from the second iteration on: the loop stores the worker's
// context after the first batch.
func Loop(ctx context.Context, pool *pgxpool.Pool) {
	bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		_ = pgx.BeginFunc(bctx, pool, func(tx pgx.Tx) error { // want `bctx is cancelled on shutdown`
			_, err := tx.Exec(bctx, "select 1")
			return err
		})
		bctx = ctx
	}
}

func RunBranch(ctx context.Context, pool *pgxpool.Pool) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		_ = branch(ctx, pool, false)
	}
}
