package onconflict

import (
	"fmt"
	"go/ast"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/report"
)

// reportGORMDedup reports rule 3 on GORM: a Create whose chain holds
// Clauses(clause.OnConflict{DoNothing: true}) is INSERT ... ON CONFLICT DO
// NOTHING, which succeeds on a duplicate with RowsAffected 0; a function
// that never reads RowsAffected and goes on to write runs that write again
// on every retry or redelivery.
func (c *checker) reportGORMDedup(r *report.Reporter, body *ast.BlockStmt) {
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && apis.GORMDoNothingCreate(c.info, call) && !c.gormResultRead(parentOf(stack), body) {
			if w, name := c.laterWrite(body, call, nil); w != nil {
				r.Report(call, fmt.Sprintf("GORM Create with clause.OnConflict{DoNothing: true} succeeds on a duplicate too (RowsAffected 0, no ID set), and this dedup gate never reads RowsAffected before %s writes at %s: a retried or redelivered operation runs the side effect again; check result.RowsAffected == 0 and return early",
					name, c.position(w)), report.Category("dedupgate"), report.Related(w, "the write that runs again on a duplicate"))
			}
		}
		stack = append(stack, n)
		return true
	})
}

// gormResultRead reports whether the *gorm.DB a Create returns (parent is
// the node around the call) has its RowsAffected read: directly
// (Create(&x).RowsAffected), or through the variable it is assigned to.
// Reading only .Error is not: a duplicate has no error.
func (c *checker) gormResultRead(parent ast.Node, body *ast.BlockStmt) bool {
	if sel, ok := parent.(*ast.SelectorExpr); ok {
		return sel.Sel.Name == apis.GORMResultRowsAffected
	}
	return c.resultRead(parent, body)
}
