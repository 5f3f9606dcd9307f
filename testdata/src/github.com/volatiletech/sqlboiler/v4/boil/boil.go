// Stub of github.com/volatiletech/sqlboiler/v4 v4.18.0 (boil/db.go, boil/columns.go):
// only the declarations used by tests.
package boil

import (
	"context"
	"database/sql"
)

// ContextExecutor can perform SQL queries with context (the real one also embeds Executor).
type ContextExecutor interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

// Columns is a list of columns and a kind of list.
type Columns struct {
	Kind int
	Cols []string
}

// Whitelist creates a list that only allows the given columns.
func Whitelist(columns ...string) Columns { return Columns{Kind: 1, Cols: columns} }
