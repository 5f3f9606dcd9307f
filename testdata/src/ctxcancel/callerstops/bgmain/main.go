// Package main starts the loop with context.Background() at every call:
// nothing can stop it, so SIGTERM never cuts the commit. Silent.
package main

import (
	"context"

	"ctxcancel/callerstops/loop"
	"ctxcancel/callerstops/mid"
)

func main() {
	var w loop.Worker
	go w.Run(context.Background())
	mid.Start(context.TODO(), &w)
}
