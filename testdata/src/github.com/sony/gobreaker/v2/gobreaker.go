// Stub of github.com/sony/gobreaker/v2 v2.1.0 (gobreaker.go): only the
// declarations idemlint's tests use.
package gobreaker

type Settings struct {
	Name string
}

// CircuitBreaker runs a request unless it is open.
type CircuitBreaker[T any] struct{ name string }

func NewCircuitBreaker[T any](st Settings) *CircuitBreaker[T] {
	return &CircuitBreaker[T]{name: st.Name}
}

// Execute runs req if the breaker accepts it and returns its result.
func (cb *CircuitBreaker[T]) Execute(req func() (T, error)) (T, error) { return req() }
