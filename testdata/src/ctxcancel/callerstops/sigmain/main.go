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
	w.Run(ctx) // want `ctx is cancelled on shutdown \(stop signal signal.NotifyContext at main.go:14\) and reaches loop.Worker.Run → step → tx.Commit: SIGTERM rolls the transaction back; keep ctx for stopping, and have step \(loop.go:31\) run each transaction on context.WithTimeout\(context.WithoutCancel\(ctx\), d\)$`
}
