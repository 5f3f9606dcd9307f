package onconflict

import (
	"go/ast"
	"go/token"
	"slices"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// gatedEffect reports whether call is an effect a dedup gate must keep
// from running twice, and names it: a write (isWrite) that does not repeat
// harmlessly. A statement that a replay repeats without changing anything
// more (an upsert, another DO NOTHING insert, an absolute UPDATE, a
// DELETE: sqlscan's Repeatable), a plain INSERT into a table that a DELETE
// earlier in the function cleared (the rows are replaced, and a replay
// replaces them again: cleared) and the transaction's commit (it makes
// durable only what the statements did) are not gated.
func (c *checker) gatedEffect(call *ast.CallExpr, cleared []clearedTable) (string, bool) {
	via, ok := c.isWrite(call)
	if !ok {
		return "", false
	}
	if q, known := c.queryOf(call); known && (q.repeatable() || q.replaces(call.Pos(), cleared)) {
		return "", false
	}
	if apis.GORMDoNothingCreate(c.info, call) || c.discardsCall(call) != nil {
		return "", false // another DO NOTHING insert repeats harmlessly
	}
	if fn := apis.Callee(c.info, call); fn != nil && c.commits.Match(fn) {
		return "", false
	}
	return via, true
}

// repeatable reports whether q's SQL is known and every statement of it
// repeats harmlessly.
func (q *query) repeatable() bool {
	if q.text == "" || len(q.stmts) == 0 {
		return false
	}
	for i := range q.stmts {
		if !q.stmts[i].Repeatable(q.text) {
			return false
		}
	}
	return true
}

// A clearedTable is a table a DELETE statement of the function clears,
// and where.
type clearedTable struct {
	table string
	pos   token.Pos
}

// clearedTables returns the tables the DELETE statements among the calls
// of body clear (constant SQL only), in source order.
func (c *checker) clearedTables(body *ast.BlockStmt) []clearedTable {
	var out []clearedTable
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if q, known := c.queryOf(call); known && q.text != "" {
			for i := range q.stmts {
				if q.stmts[i].Kind == sqlscan.Delete {
					if t := q.stmts[i].Target(q.text); t != "" {
						out = append(out, clearedTable{t, call.Pos()})
					}
				}
			}
		}
		return true
	})
	return out
}

// replaces reports whether every statement of q (at pos) is a plain INSERT
// into a table a DELETE before pos cleared: delete-then-insert of a set of
// rows, which a replay repeats to the same end.
func (q *query) replaces(pos token.Pos, cleared []clearedTable) bool {
	if q.text == "" || len(q.stmts) == 0 || len(cleared) == 0 {
		return false
	}
	for i := range q.stmts {
		st := &q.stmts[i]
		if st.Kind != sqlscan.Insert || len(st.CTEs) > 0 {
			return false
		}
		t := st.Target(q.text)
		if t == "" || !slices.ContainsFunc(cleared, func(ct clearedTable) bool { return ct.table == t && ct.pos < pos }) {
			return false
		}
	}
	return true
}
