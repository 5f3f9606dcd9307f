// Stub of entgo.io/ent v0.14.5 (dialect/dialect.go): only the declarations used by tests.
package dialect

import "context"

// ExecQuerier wraps the 2 database operations.
type ExecQuerier interface {
	Exec(ctx context.Context, query string, args, v any) error
	Query(ctx context.Context, query string, args, v any) error
}

// Driver is the interface that wraps all necessary operations for ent clients.
type Driver interface {
	ExecQuerier
	Close() error
	Dialect() string
}
