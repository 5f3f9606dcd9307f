package onconflict

import (
	"go/ast"
	"go/constant"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// A query is the constant SQL of a query call.
type query struct {
	call  apis.QueryCall
	text  string
	stmts []sqlscan.Statement
	name  string // sqlc query name from the "-- name:" header, or ""
	cmd   string // sqlc command (":one"), or ""
}

// queryOf returns the query call and its constant SQL. known is false when
// call is not a query call; text is "" when the SQL is not constant.
func (c *checker) queryOf(call *ast.CallExpr) (q query, known bool) {
	qc, ok := apis.SQLQueryCall(c.info, call)
	if !ok {
		return query{}, false
	}
	q.call = qc
	tv, ok := c.info.Types[call.Args[qc.Arg]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return q, true
	}
	q.text = constant.StringVal(tv.Value)
	if p, ok := c.sqlCache[q.text]; ok {
		q.stmts, q.name, q.cmd = p.stmts, p.name, p.cmd
		return q, true
	}
	q.stmts = sqlscan.Scan(q.text)
	if h, ok := sqlscan.ParseHeader(q.text); ok {
		q.name, q.cmd = h.Name, h.Cmd
	}
	c.sqlCache[q.text] = q
	return q, true
}

// noRowOnConflict reports whether a statement of q returns no row when its
// ON CONFLICT DO NOTHING skips a duplicate.
func (q *query) noRowOnConflict() bool {
	for i := range q.stmts {
		if q.stmts[i].NoRowOnConflict() {
			return true
		}
	}
	return false
}

// doNothingInsert reports whether a statement of q is an INSERT ... ON
// CONFLICT ... DO NOTHING.
func (q *query) doNothingInsert() bool {
	for i := range q.stmts {
		if q.stmts[i].DoNothingInsert() {
			return true
		}
	}
	return false
}

// readOnly reports whether q's SQL is known and only reads.
func (q *query) readOnly() bool {
	if q.text == "" || len(q.stmts) == 0 {
		return false
	}
	for i := range q.stmts {
		if !readOnlyStmt(&q.stmts[i]) {
			return false
		}
	}
	return true
}

func readOnlyStmt(st *sqlscan.Statement) bool {
	if st.Kind != sqlscan.Select {
		return false
	}
	for i := range st.CTEs {
		if !readOnlyStmt(&st.CTEs[i].Stmt) {
			return false
		}
	}
	return true
}
