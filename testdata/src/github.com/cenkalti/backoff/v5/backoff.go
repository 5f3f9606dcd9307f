// Package backoff is a stub of github.com/cenkalti/backoff/v5 v5.0.3 (signatures only).
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}
type ExponentialBackOff struct{}
type Operation[T any] func() (T, error)
type retryOptions struct{}
type RetryOption func(*retryOptions)

func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }
func (b *ExponentialBackOff) Reset()                     {}

func NewExponentialBackOff() *ExponentialBackOff { return nil }
func WithBackOff(b BackOff) RetryOption          { return nil }
func WithMaxTries(n uint) RetryOption            { return nil }
func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	var t T
	return t, nil
}
