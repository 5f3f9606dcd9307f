// Stub of github.com/riverqueue/river v0.26.0 (job.go, worker.go): only the declarations used by tests.
package river

import "context"

// Job represents a single unit of work, holding both the arguments and
// information for a job with args of type T.
type Job[T JobArgs] struct {
	ID   int64
	Args T
}

// JobArgs is an interface that represents the arguments for a job of type T.
type JobArgs interface {
	Kind() string
}

// Worker is an interface that can perform a job with args of type T.
type Worker[T JobArgs] interface {
	Work(ctx context.Context, job *Job[T]) error
}

// WorkerDefaults is an empty struct that can be embedded in your worker
// struct to make it fulfill the Worker interface with default values.
type WorkerDefaults[T JobArgs] struct{}
