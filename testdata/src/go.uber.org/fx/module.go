// Stub of go.uber.org/fx v1.24.0 (module.go): Module, for a package that
// bundles its providers.
package fx

// Module is a named group of options.
func Module(name string, opts ...Option) Option { return nil }
