package onconflict

import (
	"go/ast"

	"github.com/idemlint/idemlint/internal/apis"
)

// gatedEffect reports whether call is an effect a dedup gate must keep
// from running twice, and names it: a write (isWrite) that does not repeat
// harmlessly. A statement that a replay repeats without changing anything
// more (an upsert, another DO NOTHING insert, an absolute UPDATE, a
// DELETE: sqlscan's Repeatable) and the transaction's commit (it makes
// durable only what the statements did) are not gated.
func (c *checker) gatedEffect(call *ast.CallExpr) (string, bool) {
	via, ok := c.isWrite(call)
	if !ok {
		return "", false
	}
	if q, known := c.queryOf(call); known && q.repeatable() {
		return "", false
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
