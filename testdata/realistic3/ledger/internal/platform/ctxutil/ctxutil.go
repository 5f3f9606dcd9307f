// Package ctxutil holds context helpers.
package ctxutil

import (
	"context"
	"time"
)

// Detached returns a context that survives the caller's cancellation and
// ends after d.
func Detached(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), d)
}

// Background returns a context that survives the caller's cancellation
// and keeps its values (request id, tenant).
func Background(ctx context.Context) context.Context {
	return context.WithoutCancel(ctx)
}
