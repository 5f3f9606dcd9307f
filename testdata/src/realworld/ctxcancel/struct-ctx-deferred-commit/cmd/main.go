// Package cmd is the payment worker's main: the shutdown context enters the
// consumer's config here, in another package than the commit it reaches.
package cmd

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"realworld/ctxcancel/struct-ctx-deferred-commit/database"
	"realworld/ctxcancel/struct-ctx-deferred-commit/worker"
)

func Main(db *database.DB, jobs <-chan worker.Job) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := worker.NewConsumer(worker.Config{
		Context:   ctx,
		Processor: &worker.Payments{DB: db},
		Jobs:      jobs,
	})
	stop := h.Start() // want `h.Context is cancelled on shutdown \(stop signal cancel after signal.Notify at main.go:\d+\) and reaches worker.Handler.Start → worker.\(\*Config\).Start → process → Processor.Process → tx.Commit`

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	cancel()
	stop()
}
