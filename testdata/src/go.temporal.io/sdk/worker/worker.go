// Stub of go.temporal.io/sdk v1.36.0 (worker/worker.go): only the declarations used by tests.
package worker

type (
	// ActivityRegistry exposes activity registration functions to consumers.
	ActivityRegistry interface {
		RegisterActivity(a interface{})
	}

	// Worker hosts workflow and activity implementations.
	Worker interface {
		ActivityRegistry
		Run(interruptCh <-chan interface{}) error
	}
)
