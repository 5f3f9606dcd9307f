// Package main passes a context it cancels itself: the loop of package
// loop becomes a shutdown source, reported at the call here (the loop's
// package cannot be told), naming the loop and where the fix goes.
package main

import (
	"context"

	"ctxcancel/callerstops/loop"
	"ctxcancel/callerstops/mid"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var w loop.Worker
	go w.Run(ctx)      // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at loop.go:18 in loop.Worker.Run\) and reaches loop.Worker.Run → step → tx.Commit: SIGTERM rolls the transaction back; have loop.Worker.Run build the transaction context from context.WithTimeout\(context.WithoutCancel\(ctx\), d\) and check ctx.Done\(\) only between messages`
	mid.Start(ctx, &w) // want `stop signal ctx.Done\(\) at loop.go:18 in loop.Worker.Run\) and reaches mid.Start → loop.Worker.Run → step → tx.Commit`
}
