// Stub of github.com/jackc/pgx/v5 v5.7.6 (pgconn/pgconn.go): only the declarations used by tests.
package pgconn

// CommandTag is the status text returned by PostgreSQL for a query.
type CommandTag struct {
	s string
}
