// Package fx is a stub of go.uber.org/fx v1.24.0: only the signatures the
// testdata uses.
package fx

// Option configures an App.
type Option interface{}

// Provide registers constructors with the container.
func Provide(constructors ...interface{}) Option { return nil }

// Invoke registers functions run when the App starts.
func Invoke(funcs ...interface{}) Option { return nil }

// App is a dependency-injection application.
type App struct{}

// New builds the App from its options.
func New(opts ...Option) *App { return &App{} }

// Run starts the App and blocks until it is stopped.
func (*App) Run() {}
