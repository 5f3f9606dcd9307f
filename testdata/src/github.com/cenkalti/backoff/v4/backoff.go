// Package backoff is a stub of github.com/cenkalti/backoff/v4 v4.3.0 (signatures only).
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}
type BackOffContext interface {
	BackOff
	Context() context.Context
}
type ExponentialBackOff struct{}
type ExponentialBackOffOpts func(*ExponentialBackOff)
type Operation func() error
type OperationWithData[T any] func() (T, error)
type Notify func(error, time.Duration)
type Timer interface {
	Start(duration time.Duration)
	Stop()
	C() <-chan time.Time
}

func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }
func (b *ExponentialBackOff) Reset()                     {}

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff { return nil }
func WithContext(b BackOff, ctx context.Context) BackOffContext                { return nil }
func Retry(o Operation, b BackOff) error                                       { return nil }
func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) {
	var t T
	return t, nil
}
func RetryNotify(operation Operation, b BackOff, notify Notify) error { return nil }
func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	var t T
	return t, nil
}
func RetryNotifyWithTimer(operation Operation, b BackOff, notify Notify, t Timer) error { return nil }
func Permanent(err error) error                                                         { return err }
