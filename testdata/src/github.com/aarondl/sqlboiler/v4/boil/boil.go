// Stub of github.com/aarondl/sqlboiler/v4 v4.19.5 (boil/db.go, boil/columns.go):
// only the declarations used by tests.
package boil

import (
	"context"
	"database/sql"
)

// Executor can perform SQL queries.
type Executor interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
	QueryRow(query string, args ...interface{}) *sql.Row
}

// ContextExecutor can perform SQL queries with context.
type ContextExecutor interface {
	Executor

	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

// Columns is a list of columns and a kind of list.
type Columns struct {
	Kind int
	Cols []string
}

// Infer is a placeholder that passes back nothing: the columns are inferred.
func Infer() Columns { return Columns{} }

// Whitelist creates a list that only allows the given columns.
func Whitelist(columns ...string) Columns { return Columns{Kind: 1, Cols: columns} }
