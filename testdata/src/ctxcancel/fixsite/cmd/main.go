// Package main starts the worker of another package with the signal
// context. The finding cannot be made in package worker (it is analysed
// first and no fact travels back to it), so it is made at the call that
// leaves this package, naming the function that must change and where it
// hands the context to the sinks.
package main

import (
	"context"
	"os"
	"os/signal"

	"ctxcancel/fixsite/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var w worker.Worker
	_ = w.Run(ctx) // want `ctx is cancelled on shutdown \(stop signal signal.NotifyContext at main.go:17\) and reaches worker.Worker.Run → processBatch → db.BeginTx and worker.Worker.Run → processBatch → writer.WriteMessages: SIGTERM leaves the batch half done .*; keep ctx for stopping, and have processBatch \(worker.go:33\) run each batch on context.WithTimeout\(context.WithoutCancel\(ctx\), d\)$`
	_ = w.RunDetached(ctx)
}
