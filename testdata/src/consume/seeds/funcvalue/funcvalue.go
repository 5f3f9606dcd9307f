// Package funcvalue imports no library: its only durable work is the
// handler it is given, a function value (the facts' gate must admit it).
package funcvalue

import "context"

// Run calls the handler it is given.
func Run(ctx context.Context, handle func(context.Context) error) error { // want Run:"durableWork\\(handle\\)"
	return handle(ctx)
}

// Stop calls a context.CancelFunc: not a handler.
func Stop(cancel context.CancelFunc) {
	cancel()
}
