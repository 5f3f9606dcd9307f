package offsetorder

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/inbox"
	"github.com/idemlint/idemlint/internal/report"
)

// An inbox claim committed on its own before the work is an early commit:
// the consume loop claims the message's ID in a dedup table with an
// auto-committed insert (a pool's INSERT ... ON CONFLICT DO NOTHING, a
// helper that claims on its own connection) and skips the message when the
// claim exists, then does the work in separate statements. When the work
// fails or SIGTERM cuts it, the claim stays, and the redelivery is skipped
// as a duplicate: the message is lost as if its offset had been committed.
// The same claim made in the transaction of the work (an inbox-gated unit)
// rolls back with it and is left alone.

// checkStandaloneClaims reports the claims of fn that overtake work on
// the message.
func (a *checker) checkStandaloneClaims(fn *ssa.Function, s *funcSites) {
	res, _ := a.Pass.ResultOf[inbox.Analyzer].(*inbox.Result)
	body := funcBody(fn)
	if res == nil || body == nil {
		return
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !consume.UsesDerived(call, s.d) {
				continue
			}
			ce := callAt(body, call)
			if ce == nil || !res.StandaloneClaim(body, ce) {
				continue
			}
			h := consume.Search(call, false, func(i ssa.Instruction) bool { return i != call && s.handler[i] != "" }, a.IsFetch)
			if h == nil {
				continue
			}
			a.r.Report(ce, fmt.Sprintf(
				"%s claims the message in an inbox table on its own, committed before %s (%s) handles it: if that work fails or SIGTERM cuts it, the redelivery finds the claim and skips the message; claim in the transaction of the work, or delete the claim when it fails",
				exprName(ce), s.handler[h], a.Where(h)),
				report.Category("claim-before-work"), report.Related(a.RangeOf(h), "the work the claim overtakes"))
		}
	}
}

// funcBody returns the body of fn's declaration or literal, or nil.
func funcBody(fn *ssa.Function) *ast.BlockStmt {
	switch n := fn.Syntax().(type) {
	case *ast.FuncDecl:
		return n.Body
	case *ast.FuncLit:
		return n.Body
	}
	return nil
}

// callAt returns the call expression of body whose parenthesis is where
// the SSA call is.
func callAt(body *ast.BlockStmt, call *ssa.Call) *ast.CallExpr {
	var out *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == call.Pos() {
			out = c
		}
		return true
	})
	return out
}

// exprName names a call's function for a message: "r.claim", "c.pool.Exec".
func exprName(call *ast.CallExpr) string {
	if t := types.ExprString(call.Fun); len(t) <= 40 {
		return t
	}
	return "the claim"
}
