// Package trace decorates a context with a span, as tracing libraries do.
package trace

import "context"

type Span struct{}

func (Span) Finish() {}

type key struct{}

// Start returns a context derived from ctx that carries the span.
func Start(ctx context.Context, name string) (Span, context.Context) {
	return Span{}, context.WithValue(ctx, key{}, name)
}
