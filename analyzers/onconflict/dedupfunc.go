package onconflict

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/report"
)

// Rule 3 through a helper. A function that runs INSERT ... ON CONFLICT DO
// NOTHING, reads nothing of its outcome and returns only an error
// (MarkProcessed(ctx, tx, id) error) loses the row count: its callers
// cannot tell a duplicate from a first delivery. Such a function writes
// nothing else, so it is a dedup gate for its caller, and the caller that
// goes on to write after calling it is reported as the inline gate is,
// naming the helper. A helper that returns the count or a bool, or the
// Exec result, has no fact, nor has a sqlc :exec method (the SPEC leaves
// :exec alone); a caller that writes nothing afterwards (a
// plain idempotent insert) is left alone.

// DiscardsInsertCount marks a function that runs an INSERT ... ON
// CONFLICT DO NOTHING into Table, writes nothing else, and returns only
// an error: whether the row was new is lost. Chain names the calls down
// to the Exec, outermost first.
type DiscardsInsertCount struct {
	Table string
	Chain []string
}

// AFact implements analysis.Fact.
func (*DiscardsInsertCount) AFact() {}

// String returns "discardsInsertCount(table via a → b)".
func (f *DiscardsInsertCount) String() string {
	return "discardsInsertCount(" + f.Table + " via " + strings.Join(f.Chain, " → ") + ")"
}

// bodyDiscards returns the DiscardsInsertCount fact of a function whose
// only result is an error and whose body (function literals aside) runs
// an unread DO NOTHING insert, itself or through a helper with the fact,
// and no other write but a commit.
func (c *checker) bodyDiscards(fn *types.Func, body *ast.BlockStmt) *DiscardsInsertCount {
	if fn == nil || !returnsOnlyError(fn) {
		return nil
	}
	var found *DiscardsInsertCount
	other := false
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok || other {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			switch q, known := c.queryOf(call); {
			case known && q.call.Kind == apis.QueryExec && q.doNothingInsert():
				if q.cmd == ":exec" || c.resultRead(parentOf(stack), body) {
					// sqlc's :exec is left alone (SPEC), as a read count is
					other = true
				} else if found == nil {
					found = &DiscardsInsertCount{Table: q.doNothingTable(), Chain: []string{funcname.Lib(apis.Callee(c.info, call), nil)}}
				}
			case c.discardsCall(call) != nil:
				if found == nil {
					d, name := c.discardsCall(call), funcname.Code(apis.Callee(c.info, call), nil)
					found = &DiscardsInsertCount{Table: d.Table, Chain: clipChain(append([]string{name}, d.Chain...))}
				}
			default:
				if _, w := c.isWrite(call); w && !c.isCommit(call) {
					other = true
				}
			}
		}
		stack = append(stack, n)
		return true
	})
	if other {
		return nil
	}
	return found
}

// discardsCall returns the DiscardsInsertCount fact of every function
// call may run (one of them when several), or nil.
func (c *checker) discardsCall(call *ast.CallExpr) *DiscardsInsertCount {
	if apis.Callee(c.info, call) == nil {
		return nil
	}
	ts := c.callSummaries(call)
	if !calls.Every(ts, func(t calls.Reached[*summary]) bool { return t.Sum != nil && t.Sum.discards != nil }) {
		return nil
	}
	return ts[0].Sum.discards
}

// reportDiscardsGate reports a call of a helper that discards its DO
// NOTHING row count, followed in body by a write a gate must keep from
// running twice.
func (c *checker) reportDiscardsGate(r *report.Reporter, body *ast.BlockStmt, call *ast.CallExpr) {
	d := c.discardsCall(call)
	if d == nil {
		return
	}
	w, name := c.laterWrite(body, call, c.errorBranch(body, call))
	if w == nil {
		return
	}
	helper := funcname.Code(apis.Callee(c.info, call), c.pass.Pkg)
	table := ""
	if d.Table != "" {
		table = " into " + d.Table
	}
	r.Report(call, fmt.Sprintf("%s runs INSERT ... ON CONFLICT DO NOTHING%s (%s) and returns only an error, so this dedup gate cannot tell a duplicate before %s writes at %s: a retried or redelivered operation runs the side effect again; make %s report whether the row was inserted (RowsAffected() == 1) and return early when it was not",
		helper, table, strings.Join(d.Chain, " → "), name, c.position(w), helper), report.Category("dedupgate"), report.Related(w, "the write that runs again on a duplicate"))
}

// returnsOnlyError reports whether fn's one result is an error.
func returnsOnlyError(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() == 1 && types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type())
}

// isCommit reports whether call commits a transaction.
func (c *checker) isCommit(call *ast.CallExpr) bool {
	fn := apis.Callee(c.info, call)
	return fn != nil && c.commits.Match(fn)
}

// doNothingTable returns the table of q's first DO NOTHING insert ("" when
// not known).
func (q *query) doNothingTable() string {
	for i := range q.stmts {
		if q.stmts[i].DoNothingInsert() {
			return q.stmts[i].Target(q.text)
		}
	}
	return ""
}

func clipChain(ch []string) []string {
	if len(ch) > maxChain {
		return ch[:maxChain]
	}
	return ch
}

// errorBranch returns the block that runs only when call's error is not
// nil — if err := call; err != nil { ... }, or err := call followed by if
// err != nil { ... } — or nil. A duplicate succeeds, so what that block
// writes (a dead letter, a failure record) does not run again on one.
func (c *checker) errorBranch(body *ast.BlockStmt, call *ast.CallExpr) *ast.BlockStmt {
	var out *ast.BlockStmt
	errOf := func(st ast.Stmt) types.Object {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return nil
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok {
			return c.objOf(id)
		}
		return nil
	}
	isErrCheck := func(ifs *ast.IfStmt, err types.Object) bool {
		be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || be.Op != token.NEQ {
			return false
		}
		id, ok := ast.Unparen(be.X).(*ast.Ident)
		nilID, ok2 := ast.Unparen(be.Y).(*ast.Ident)
		return ok && ok2 && err != nil && c.objOf(id) == err && nilID.Name == "nil"
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if n.Init != nil && isErrCheck(n, errOf(n.Init)) {
				out = n.Body
			}
		case *ast.BlockStmt:
			for i := 0; i+1 < len(n.List); i++ {
				if ifs, ok := n.List[i+1].(*ast.IfStmt); ok && ifs.Init == nil && isErrCheck(ifs, errOf(n.List[i])) {
					out = ifs.Body
				}
			}
		}
		return out == nil
	})
	return out
}
