package calls

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// sqlWrite decides whether a call that passes SQL text (pgx, database/sql,
// sqlx, a DBTX-shaped interface: apis.SQLQueryCall) writes: constant SQL
// with an INSERT, UPDATE, DELETE or MERGE (in a CTE too) to a table that
// is not an outbox; SQL that is not constant when the call executes a
// statement (Exec: a write, most often), not when it queries. decided is
// false for calls that take no SQL text.
func (r *Result) sqlWrite(call *ast.CallExpr) (chain []string, decided bool) {
	info := r.pass.TypesInfo
	qc, ok := apis.SQLQueryCall(info, call)
	if !ok {
		return nil, false
	}
	fn := apis.Callee(info, call)
	c := []string{funcname.Lib(fn, nil)}
	switch qc.Kind {
	case apis.QueryExec, apis.QueryRows, apis.QueryRow, apis.QueryGet:
	default:
		return nil, true
	}
	tv, ok := info.Types[call.Args[qc.Arg]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		if qc.Kind == apis.QueryExec {
			return c, true
		}
		return nil, true
	}
	if writesSQL(constant.StringVal(tv.Value)) {
		return c, true
	}
	return nil, true
}

// writesSQL reports whether SQL text writes a table other than an outbox.
func writesSQL(text string) bool {
	stmts := sqlscan.Scan(text)
	for i := range stmts {
		if writesStmt(text, &stmts[i]) {
			return true
		}
	}
	return false
}

func writesStmt(text string, st *sqlscan.Statement) bool {
	switch st.Kind {
	case sqlscan.Insert, sqlscan.Update, sqlscan.Delete, sqlscan.Merge:
		if !apis.IsOutboxName(st.Target(text)) {
			return true
		}
	}
	for i := range st.CTEs {
		if writesStmt(text, &st.CTEs[i].Stmt) {
			return true
		}
	}
	return false
}

// outboxWrite reports whether call is a library write (an ORM's Create)
// whose argument is an outbox row (a value of a type named like
// OutboxEvent): the outbox pattern itself, not a business write.
func (r *Result) outboxWrite(call *ast.CallExpr) bool {
	fn := apis.Callee(r.pass.TypesInfo, call)
	if fn == nil || !r.sets[Write].Match(fn) {
		return false
	}
	for _, a := range call.Args {
		if t := r.pass.TypesInfo.TypeOf(a); t != nil && apis.IsOutboxName(typeName(t)) {
			return true
		}
	}
	return false
}

// typeName returns the name of the named type under pointers, slices and
// arrays of t ("" for others).
func typeName(t types.Type) string {
	for range 3 {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Named:
			return u.Obj().Name()
		default:
			return ""
		}
	}
	return ""
}
