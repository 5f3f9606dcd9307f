package onconflict

import (
	"fmt"
	"go/ast"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/report"
)

// reportDedup reports the dedup gates of body: Exec of INSERT ... ON
// CONFLICT ... DO NOTHING whose RowsAffected is never read, followed by a
// write.
func (c *checker) reportDedup(r *report.Reporter, body *ast.BlockStmt) {
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			c.reportDiscardsGate(r, body, call)
			if q, ok := c.queryOf(call); ok && q.call.Kind == apis.QueryExec && q.doNothingInsert() && !c.resultRead(parentOf(stack), body) {
				if w, name := c.laterWrite(body, call, nil); w != nil {
					r.Report(call, fmt.Sprintf("INSERT ... ON CONFLICT DO NOTHING succeeds on a duplicate too, and this dedup gate never reads RowsAffected before %s writes at %s: a retried or redelivered operation runs the side effect again; check tag.RowsAffected() == 0 and return early",
						name, c.position(w)), report.Category("dedupgate"), report.Related(w, "the write that runs again on a duplicate"))
				}
			}
		}
		stack = append(stack, n)
		return true
	})
}

// resultRead reports whether the Exec result (the command tag or
// sql.Result) in parent is read: RowsAffected called, or the value passed
// on or returned.
func (c *checker) resultRead(parent ast.Node, body *ast.BlockStmt) bool {
	var id *ast.Ident
	switch p := parent.(type) {
	case *ast.ExprStmt:
		return false
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || len(p.Lhs) == 0 {
			return true
		}
		id, _ = p.Lhs[0].(*ast.Ident)
	case *ast.ValueSpec:
		if len(p.Values) != 1 || len(p.Names) == 0 {
			return true
		}
		id = p.Names[0]
	default:
		return true
	}
	if id == nil {
		return true // stored in a field or an element: not followed
	}
	if id.Name == "_" {
		return false
	}
	obj := c.objOf(id)
	if obj == nil {
		return true
	}
	uses, otherMethods := 0, 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if c.info.Uses[n] == obj {
				uses++
			}
		case *ast.SelectorExpr:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && c.info.Uses[x] == obj && n.Sel.Name != "RowsAffected" {
				otherMethods++
			}
		}
		return true
	})
	return uses > otherMethods
}

// laterWrite returns the first write of body after call (function literals
// included, the block skip aside) that a gate must keep from running
// twice, and its name.
func (c *checker) laterWrite(body *ast.BlockStmt, call *ast.CallExpr, skip *ast.BlockStmt) (ast.Node, string) {
	var found ast.Node
	var name string
	cleared := c.clearedTables(body)
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil || n == nil || n.End() <= call.End() || skip != nil && n == ast.Node(skip) {
			return false
		}
		if other, ok := n.(*ast.CallExpr); ok && other.Pos() > call.End() {
			if via, ok := c.gatedEffect(other, cleared); ok {
				found, name = other, via
				return false
			}
		}
		return true
	})
	return found, name
}
