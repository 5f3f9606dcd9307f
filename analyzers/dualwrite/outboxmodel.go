package dualwrite

import (
	"go/ast"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/relaymark"
)

// outboxModelWrite reports whether call writes a row of a SQLBoiler model
// named for the outbox: the model's own write method (row.Upsert(ctx,
// exec, ...), a relay marking the row sent) or a call of the analysed
// project's code handed such a row (outboxRepo.Save(ctx, exec, &row)).
// The generated methods build their SQL at run time, so the call layer
// sees an unknown write; like an ORM create of a type named for the
// outbox, the row is the outbox pattern itself, not a business write.
func (c *checker) outboxModelWrite(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	fn := apis.Callee(info, call)
	if fn == nil {
		return false
	}
	isOutbox := func(e ast.Expr) bool {
		return apis.IsOutboxName(apis.SQLBoilerModel(info.TypeOf(e)))
	}
	sel, isMethod := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if apis.IsSQLBoilerWrite(fn) {
		return isMethod && isOutbox(sel.X)
	}
	if !relaymark.SameRoot(fn.Pkg(), c.pass.Pkg) {
		return false
	}
	for _, a := range call.Args {
		if isOutbox(a) {
			return true
		}
	}
	return false
}
