// Stub of go.temporal.io/sdk v1.36.0 (workflow/workflow.go, workflow/context.go, internal/workflow.go):
// only the declarations used by tests. Context and Future are aliases of internal types
// in the real SDK; here they are declared in place.
package workflow

// Context is a clone of context.Context with Done() returning Channel instead of a Go chan.
type Context interface {
	Value(key interface{}) interface{}
}

// Future represents the result of an asynchronous computation.
type Future interface {
	Get(ctx Context, valuePtr interface{}) error
}

func ExecuteActivity(ctx Context, activity interface{}, args ...interface{}) Future { return nil }
