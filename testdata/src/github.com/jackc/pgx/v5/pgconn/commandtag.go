// Stub of github.com/jackc/pgx/v5 v5.7.6 (pgconn/pgconn.go): only the declarations used by tests.
package pgconn

// RowsAffected returns the number of rows affected. If the CommandTag was not
// for a row affecting command (e.g. "CREATE TABLE") then it returns 0.
func (ct CommandTag) RowsAffected() int64 { return 0 }

func (ct CommandTag) String() string { return ct.s }
