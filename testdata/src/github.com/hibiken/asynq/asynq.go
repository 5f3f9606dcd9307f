// Stub of github.com/hibiken/asynq v0.25.1 (asynq.go, server.go, servemux.go): only the declarations used by tests.
package asynq

import "context"

// Task represents a unit of work to be performed.
type Task struct {
	typename string
	payload  []byte
}

func (t *Task) Type() string    { return t.typename }
func (t *Task) Payload() []byte { return t.payload }

// A Handler processes tasks.
type Handler interface {
	ProcessTask(context.Context, *Task) error
}

// The HandlerFunc type is an adapter to allow the use of ordinary functions as a Handler.
type HandlerFunc func(context.Context, *Task) error

type ServeMux struct{}

func NewServeMux() *ServeMux { return &ServeMux{} }

func (mux *ServeMux) HandleFunc(pattern string, handler func(context.Context, *Task) error) {}
