package apis

// Database statements: calls that send SQL to the server (a write, or a read
// that is part of the work). With TxCommits and the BeginFunc family they are
// the durable work a Kafka handler does.

var dbStatementMethods = []string{"Exec", "Query", "QueryRow", "SendBatch", "CopyFrom"}

var sqlStatementMethods = []string{"Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext"}

var sqlxStatementMethods = []string{
	"NamedExec", "NamedExecContext", "MustExec", "MustExecContext", "Get", "GetContext",
	"Select", "SelectContext", "Queryx", "QueryxContext", "QueryRowx", "QueryRowxContext",
}

var dbStatements = func() *Set {
	s := &Set{}
	for _, m := range dbStatementMethods {
		for _, recv := range []Func{{Path: pgx, Name: "Conn"}, {Path: pgx, Name: "Tx"}, {Path: pgxpool, Name: "Pool"}, {Path: pgxpool, Name: "Conn"}, {Path: pgxpool, Name: "Tx"}} {
			s.Add(Func{Path: recv.Path, Recv: recv.Name, Name: m})
		}
	}
	for _, m := range sqlStatementMethods {
		for _, recv := range []string{"DB", "Tx", "Conn", "Stmt"} {
			s.Add(Func{Path: sqlPkg, Recv: recv, Name: m})
		}
	}
	for _, m := range sqlxStatementMethods {
		for _, recv := range []string{"DB", "Tx", "Conn", "Stmt", "NamedStmt"} {
			s.Add(Func{Path: sqlx, Recv: recv, Name: m})
		}
	}
	return s
}()

// DBStatements returns the calls that run an SQL statement (pgx, database/sql, sqlx).
func DBStatements() *Set { return dbStatements.Clone() }

// IsTxFuncBegin reports whether f runs a callback inside a transaction
// (pgx.BeginFunc and its family).
func IsTxFuncBegin(f Func) bool {
	_, ok := txFuncBegins[f]
	return ok
}
