// Package cmd hands the workers of package worker their contexts through
// a method that keeps it in a field, not through a constructor.
package cmd

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"

	"ctxcancel/fieldctx/worker"
)

// Stopped: Init keeps the shutdown context and Sweep commits with it.
func Stopped(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := &worker.Sweeper{}
	w.Init(ctx)
	_ = w.Sweep() // want `w.ctx is cancelled on shutdown \(stop signal signal.NotifyContext at main.go:\d+\) and reaches worker.Sweeper.Sweep → tx.Commit`
}

// Unstopped: Init is given context.Background(): left alone, though the
// shutdown context exists.
func Unstopped(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := &worker.Sweeper{}
	w.Init(context.Background())
	_ = w.Sweep()
	<-ctx.Done()
}

// Detached: Init is given a detached context with a deadline: left alone.
func Detached(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30)
	defer cancel()
	w := &worker.Sweeper{}
	w.Init(wctx)
	_ = w.Sweep()
}

// OtherValue: the shutdown context goes to another worker's Init: left
// alone.
func OtherValue(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a, b := &worker.Sweeper{}, &worker.Sweeper{}
	a.Init(ctx)
	b.Init(context.Background())
	_ = b.Sweep()
}
