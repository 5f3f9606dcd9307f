// Stub of github.com/jackc/pgx/v5 v5.7.6 (conn.go): only the declarations used by tests.
package pgx

// Conn is a PostgreSQL connection handle.
type Conn struct{}
