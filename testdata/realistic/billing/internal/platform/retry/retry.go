// Package retry is the company-wide retry helper: every service uses it
// instead of importing a retry library directly.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Policy configures Do.
type Policy struct {
	Attempts int
	Base     time.Duration
	Max      time.Duration
}

// DefaultPolicy is three attempts with 200ms exponential backoff.
var DefaultPolicy = Policy{Attempts: 3, Base: 200 * time.Millisecond, Max: 2 * time.Second}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err as not retryable.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err: err}
}

// Do runs fn until it succeeds, returns a permanent error, the policy is
// exhausted or ctx is done.
func Do(ctx context.Context, p Policy, fn func(ctx context.Context) error) error {
	if p.Attempts <= 0 {
		p.Attempts = 1
	}
	var err error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		var perm permanentError
		if errors.As(err, &perm) {
			return perm.err
		}
		if attempt == p.Attempts-1 {
			break
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(p.delay(attempt)):
		}
	}
	return err
}

// DoValue is Do for an operation that returns a value.
func DoValue[T any](ctx context.Context, p Policy, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := Do(ctx, p, func(ctx context.Context) error {
		v, err := fn(ctx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

func (p Policy) delay(attempt int) time.Duration {
	d := p.Base << attempt
	if p.Max > 0 && d > p.Max {
		d = p.Max
	}
	jitter := time.Duration(rand.Int64N(int64(d)/4 + 1))
	return d + jitter
}
