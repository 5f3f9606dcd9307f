// Package shutdown wires OS signals to a context.
package shutdown

import (
	"context"
	"os/signal"
	"syscall"
)

// Context returns a context cancelled on SIGINT or SIGTERM.
func Context(parent context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(parent, syscall.SIGINT, syscall.SIGTERM)
}

// Detach keeps the values of ctx and drops its cancellation.
func Detach(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }
