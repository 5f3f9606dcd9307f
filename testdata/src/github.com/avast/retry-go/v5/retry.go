// Package retry is a stub of github.com/avast/retry-go/v5 v5.1.1 (signatures only).
package retry

type retrierCore struct{}
type Option func(*retrierCore)
type RetryableFunc func() error
type RetryableFuncWithData[T any] func() (T, error)
type Retrier struct{}
type RetrierWithData[T any] struct{}

func New(opts ...Option) *Retrier                           { return nil }
func NewWithData[T any](opts ...Option) *RetrierWithData[T] { return nil }
func (r *Retrier) Do(retryableFunc RetryableFunc) error     { return nil }
func (r *RetrierWithData[T]) Do(retryableFunc RetryableFuncWithData[T]) (T, error) {
	var t T
	return t, nil
}
func Attempts(attempts uint) Option { return nil }
