// Package retryx is a small generic retry helper.
package retryx

import (
	"context"
	"time"
)

// Func is one attempt.
type Func[T any] func(ctx context.Context, attempt int) (T, error)

// Options configures Retry.
type Options struct {
	Attempts int
	Wait     time.Duration
}

// Retry runs fn up to o.Attempts times.
func Retry[T any](ctx context.Context, o Options, fn Func[T]) (T, error) {
	var (
		v   T
		err error
	)
	for attempt := range o.Attempts {
		v, err = fn(ctx, attempt)
		if err == nil {
			return v, nil
		}
		t := time.NewTimer(o.Wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return v, ctx.Err()
		case <-t.C:
		}
	}
	return v, err
}

// Forever retries fn until it succeeds or ctx is done.
func Forever(ctx context.Context, wait time.Duration, fn func() error) error {
	for {
		if err := fn(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}
