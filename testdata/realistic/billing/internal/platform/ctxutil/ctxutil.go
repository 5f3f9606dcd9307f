// Package ctxutil has context helpers shared by the services.
package ctxutil

import (
	"context"
	"time"
)

// Detached returns a context that keeps ctx's values (trace, logger fields)
// but not its cancellation, bounded by its own timeout. Use it for work that
// must finish once started, such as committing a batch during shutdown.
func Detached(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), timeout)
}

// WithoutCancel is context.WithoutCancel; kept for older call sites.
func WithoutCancel(ctx context.Context) context.Context {
	return context.WithoutCancel(ctx)
}

type requestIDKey struct{}

// WithRequestID stores a request ID in ctx.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID returns the request ID stored in ctx, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}
