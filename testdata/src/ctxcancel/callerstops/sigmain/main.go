// Package main passes the signal context: the finding names
// signal.NotifyContext, at the call here, and the function to change.
package main

import (
	"context"
	"os"
	"os/signal"

	"ctxcancel/callerstops/loop"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var w loop.Worker
	w.Run(ctx) // want `ctx is cancelled on shutdown \(stop signal signal.NotifyContext at main.go:14\) and reaches loop.Worker.Run → step → tx.Commit \(loop.go:31\)`
}
