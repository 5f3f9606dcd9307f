package apis

import (
	"go/ast"
	"go/types"
)

// SQL text: which calls take a query string, where it is, and what the call
// gives back (a command tag, rows, one row, ...).

// QueryKind says what a query call returns.
type QueryKind uint8

const (
	QueryExec    QueryKind = iota + 1 // a command tag or sql.Result: RowsAffected()
	QueryRows                         // rows
	QueryRow                          // one row, whose Scan fails with ErrNoRows when there is none
	QueryGet                          // sqlx Get: scans one row, fails with sql.ErrNoRows when there is none
	QueryQueue                        // pgx (*Batch).Queue
	QueryPrepare                      // database/sql Prepare: the statement's SQL
)

// A QueryCall is a call that takes SQL text.
type QueryCall struct {
	Kind QueryKind
	Arg  int // index of the SQL argument
}

var queryCalls = func() map[Func]QueryCall {
	m := make(map[Func]QueryCall)
	add := func(path string, recvs []string, name string, kind QueryKind, arg int) {
		for _, r := range recvs {
			m[Func{Path: path, Recv: r, Name: name}] = QueryCall{kind, arg}
		}
	}
	pgxRecvs := []string{"Conn", "Tx", "dbTx", "dbSimulatedNestedTx"}
	poolRecvs := []string{"Pool", "Conn", "Tx"}
	for _, p := range []struct {
		path  string
		recvs []string
	}{{pgx, pgxRecvs}, {pgxpool, poolRecvs}} {
		add(p.path, p.recvs, "Exec", QueryExec, 1)
		add(p.path, p.recvs, "Query", QueryRows, 1)
		add(p.path, p.recvs, "QueryRow", QueryRow, 1)
	}
	add(pgx, []string{"Batch"}, "Queue", QueryQueue, 0)

	sqlRecvs := []string{"DB", "Tx", "Conn"}
	add(sqlPkg, sqlRecvs, "ExecContext", QueryExec, 1)
	add(sqlPkg, sqlRecvs, "QueryContext", QueryRows, 1)
	add(sqlPkg, sqlRecvs, "QueryRowContext", QueryRow, 1)
	add(sqlPkg, sqlRecvs, "PrepareContext", QueryPrepare, 1)
	add(sqlPkg, []string{"DB", "Tx"}, "Exec", QueryExec, 0)
	add(sqlPkg, []string{"DB", "Tx"}, "Query", QueryRows, 0)
	add(sqlPkg, []string{"DB", "Tx"}, "QueryRow", QueryRow, 0)
	add(sqlPkg, []string{"DB", "Tx"}, "Prepare", QueryPrepare, 0)

	sqlxRecvs := []string{"DB", "Tx", "Conn"}
	add(sqlx, sqlxRecvs, "MustExec", QueryExec, 0)
	add(sqlx, sqlxRecvs, "MustExecContext", QueryExec, 1)
	add(sqlx, sqlxRecvs, "NamedExec", QueryExec, 0)
	add(sqlx, sqlxRecvs, "NamedExecContext", QueryExec, 1)
	add(sqlx, sqlxRecvs, "Queryx", QueryRows, 0)
	add(sqlx, sqlxRecvs, "QueryxContext", QueryRows, 1)
	add(sqlx, sqlxRecvs, "NamedQuery", QueryRows, 0)
	add(sqlx, sqlxRecvs, "NamedQueryContext", QueryRows, 1)
	add(sqlx, sqlxRecvs, "Select", QueryRows, 1)
	add(sqlx, sqlxRecvs, "SelectContext", QueryRows, 2)
	add(sqlx, sqlxRecvs, "QueryRowx", QueryRow, 0)
	add(sqlx, sqlxRecvs, "QueryRowxContext", QueryRow, 1)
	add(sqlx, sqlxRecvs, "Get", QueryGet, 1)
	add(sqlx, sqlxRecvs, "GetContext", QueryGet, 2)
	add(sqlx, []string{""}, "Get", QueryGet, 2)
	add(sqlx, []string{""}, "GetContext", QueryGet, 3)
	add(sqlx, []string{""}, "Select", QueryRows, 2)
	add(sqlx, []string{""}, "SelectContext", QueryRows, 3)
	return m
}()

// dbtxMethods are the methods of a sqlc-style DBTX interface: the analysed
// code declares the interface, so it is matched by shape.
var dbtxMethods = map[string]QueryCall{
	"Exec":            {QueryExec, 1},
	"Query":           {QueryRows, 1},
	"QueryRow":        {QueryRow, 1},
	"ExecContext":     {QueryExec, 1},
	"QueryContext":    {QueryRows, 1},
	"QueryRowContext": {QueryRow, 1},
	"PrepareContext":  {QueryPrepare, 1},
}

// SQLQueryCall reports whether call passes SQL text to a database library
// (pgx, pgxpool, database/sql, sqlx) or to a method of an interface shaped
// like a statement runner (dbtxQueryCall: sqlc's DBTX, or database/sql's
// methods declared by the analysed code), and returns what kind of call it
// is and where the SQL is.
func SQLQueryCall(info *types.Info, call *ast.CallExpr) (QueryCall, bool) {
	fn := Callee(info, call)
	if fn == nil {
		return QueryCall{}, false
	}
	if qc, ok := queryCalls[Describe(fn)]; ok && qc.Arg < len(call.Args) {
		return qc, true
	}
	qc, ok := dbtxQueryCall(fn)
	if !ok || qc.Arg >= len(call.Args) {
		return QueryCall{}, false
	}
	return qc, true
}

// dbtxQueryCall reports whether fn is a method of an interface shaped like
// a statement runner and where its SQL text is: sqlc's DBTX
// (Exec(ctx, sql, args...)), or database/sql's own methods without a
// context (Exec(query string, args ...any)), which repositories declare
// as an anonymous interface over *sql.DB and *sql.Tx
// (getExecutor() interface{ QueryRow(query string, args ...interface{}) *sql.Row }).
func dbtxQueryCall(fn *types.Func) (QueryCall, bool) {
	sig := fn.Signature()
	if sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return QueryCall{}, false
	}
	qc, ok := dbtxMethods[fn.Name()]
	if !ok {
		return QueryCall{}, false
	}
	params := sig.Params()
	if params.Len() > 0 && !isContext(params.At(0).Type()) {
		// database/sql's form without a context: the text first, then
		// the arguments as ...any.
		if qc.Arg != 1 || !sig.Variadic() || !isString(params.At(0).Type()) || !isAnySlice(params.At(params.Len()-1).Type()) {
			return QueryCall{}, false
		}
		qc.Arg = 0
		return qc, true
	}
	if params.Len() <= qc.Arg || !isString(params.At(qc.Arg).Type()) {
		return QueryCall{}, false
	}
	return qc, true
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

func isAnySlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	i, ok := s.Elem().Underlying().(*types.Interface)
	return ok && i.Empty()
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// IsErrNoRows reports whether obj is pgx.ErrNoRows (v4 or v5) or
// database/sql.ErrNoRows. Since pgx v5.7, pgx.ErrNoRows wraps
// sql.ErrNoRows, so errors.Is with either matches both.
func IsErrNoRows(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil || v.Name() != "ErrNoRows" || v.Parent() != v.Pkg().Scope() {
		return false
	}
	p := NormPath(v.Pkg().Path())
	return p == pgx || p == sqlPkg || p == "github.com/jackc/pgx/pgxpool"
}

// IsRowsAffected reports whether fn is RowsAffected of a pgconn.CommandTag
// or an sql.Result (any RowsAffected method, since sql.Result is an
// interface drivers implement).
func IsRowsAffected(fn *types.Func) bool {
	return fn != nil && fn.Name() == "RowsAffected" && fn.Signature().Recv() != nil
}
