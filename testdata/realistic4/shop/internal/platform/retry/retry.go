// Package retry is the shop's retry helper: a generic Do with functional
// options, exponential backoff and jitter.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type config struct {
	attempts  int
	base      time.Duration
	max       time.Duration
	retryable func(error) bool
}

// Option configures Do.
type Option func(*config)

// Attempts sets the number of attempts (default 4).
func Attempts(n int) Option { return func(c *config) { c.attempts = n } }

// Backoff sets the first and the largest wait.
func Backoff(base, max time.Duration) Option {
	return func(c *config) { c.base, c.max = base, max }
}

// If retries only errors for which f returns true.
func If(f func(error) bool) Option { return func(c *config) { c.retryable = f } }

// Permanent marks an error that must not be retried.
type Permanent struct{ Err error }

func (p Permanent) Error() string { return p.Err.Error() }
func (p Permanent) Unwrap() error { return p.Err }

// Do calls fn until it succeeds, returns a Permanent error, the attempts run
// out or ctx is done.
func Do[T any](ctx context.Context, fn func(context.Context) (T, error), opts ...Option) (T, error) {
	c := config{attempts: 4, base: 100 * time.Millisecond, max: 3 * time.Second, retryable: func(error) bool { return true }}
	for _, o := range opts {
		o(&c)
	}
	var zero T
	var err error
	wait := c.base
	for attempt := 1; ; attempt++ {
		var v T
		v, err = fn(ctx)
		if err == nil {
			return v, nil
		}
		var p Permanent
		if errors.As(err, &p) || !c.retryable(err) || attempt >= c.attempts {
			return zero, err
		}
		jitter := time.Duration(rand.Int64N(int64(wait) / 2))
		select {
		case <-ctx.Done():
			return zero, errors.Join(err, ctx.Err())
		case <-time.After(wait + jitter):
		}
		wait = min(wait*2, c.max)
	}
}

// Run is Do for operations without a result.
func Run(ctx context.Context, fn func(context.Context) error, opts ...Option) error {
	_, err := Do(ctx, func(ctx context.Context) (struct{}, error) { return struct{}{}, fn(ctx) }, opts...)
	return err
}
