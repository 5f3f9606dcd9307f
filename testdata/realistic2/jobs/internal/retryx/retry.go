// Package retryx is the company's generic retry helper.
package retryx

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Permanent wraps an error that must not be retried.
type Permanent struct{ Err error }

func (p Permanent) Error() string { return p.Err.Error() }
func (p Permanent) Unwrap() error { return p.Err }

// Policy tunes Retry.
type Policy struct {
	Attempts int
	Base     time.Duration
	Max      time.Duration
}

// Default is three attempts, 100ms base.
var Default = Policy{Attempts: 3, Base: 100 * time.Millisecond, Max: 2 * time.Second}

// Retry calls fn until it succeeds, returns a Permanent error, or the
// attempts run out.
func Retry[T any](ctx context.Context, fn func(ctx context.Context) (T, error)) (T, error) {
	return RetryPolicy(ctx, Default, fn)
}

// RetryPolicy is Retry with an explicit policy.
func RetryPolicy[T any](ctx context.Context, p Policy, fn func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	var last error
	delay := p.Base
	for attempt := 1; attempt <= p.Attempts; attempt++ {
		v, err := fn(ctx)
		if err == nil {
			return v, nil
		}
		var perm Permanent
		if errors.As(err, &perm) {
			return zero, perm.Err
		}
		last = err
		if attempt == p.Attempts {
			break
		}
		sleep := delay/2 + time.Duration(rand.Int64N(int64(delay)))
		select {
		case <-ctx.Done():
			return zero, ctx.Err()
		case <-time.After(sleep):
		}
		delay = min(delay*2, p.Max)
	}
	return zero, last
}

// Do is Retry for functions without a result.
func Do(ctx context.Context, fn func(ctx context.Context) error) error {
	_, err := Retry(ctx, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	})
	return err
}
