// Package ctxkit holds context helpers shared by the workers.
package ctxkit

import (
	"context"
	"time"
)

// Detach returns a context that survives the parent's cancellation but
// still ends after d.
func Detach(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(parent), d)
}

// Background keeps the parent's values only.
func Background(parent context.Context) context.Context {
	return context.WithoutCancel(parent)
}
