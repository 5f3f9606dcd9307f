// Package cmd is the composition root: it makes the shutdown context and
// hands it to svc's constructors.
package cmd

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"ctxcancel/ctorfield/svc"
)

// Interface: the config is copied by a constructor of another package and
// returned behind an interface; Start, called synchronously, starts the
// goroutines that commit with it.
func Interface(pool *pgxpool.Pool, jobs <-chan string) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	h := svc.NewConsumer(svc.Config{Context: ctx, Pool: pool, Jobs: jobs})
	done := h.Start() // want `h.Context is cancelled on shutdown \(stop signal signal.NotifyContext at main.go:\d+\) and reaches svc.Handler.Start → svc.\(\*Config\).Start → save → tx.Commit`
	<-ctx.Done()
	done()
}

// Concrete: the constructor keeps the shutdown context itself as the
// work context.
func Concrete(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := svc.NewWorker(ctx, ctx, pool)
	w.Start() // want `w.work is cancelled on shutdown \(stop signal signal.NotifyContext at main.go:\d+\) and reaches svc.Worker.Start → tx.Commit`
	<-ctx.Done()
}

// DetachedConfig hands the config a detached context with a deadline:
// left alone.
func DetachedConfig(pool *pgxpool.Pool, jobs <-chan string) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	work, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	h := svc.NewConsumer(svc.Config{Context: work, Pool: pool, Jobs: jobs})
	done := h.Start()
	<-ctx.Done()
	done()
}

// DifferentParam gives the shutdown context to the parameter the worker
// keeps for stopping only; the transactions run on another one: left
// alone.
func DifferentParam(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := svc.NewWorker(ctx, context.Background(), pool)
	w.Start()
	<-ctx.Done()
}

// DetachedInConstructor: the constructor applies context.WithoutCancel
// before storing: left alone.
func DetachedInConstructor(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := svc.NewDetachedWorker(ctx, ctx, pool)
	w.Start()
	<-ctx.Done()
}
