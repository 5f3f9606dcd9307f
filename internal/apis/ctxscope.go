package apis

// Scoped contexts: contexts bound to one request or one test. They end when
// the request or the test ends, never on shutdown, so a loop that stops on
// their Done does not tie them to shutdown.

var scopedContexts = NewSet(
	Func{Path: "net/http", Recv: "Request", Name: "Context"},
	Func{Path: "testing", Recv: "common", Name: "Context"}, // (*T), (*B), (*F) promote it
	Func{Path: "testing", Recv: "TB", Name: "Context"},
)

// IsScopedContext reports whether f returns a request's or a test's context.
func IsScopedContext(f Func) bool { return scopedContexts.Has(f) }
