package uuidinretry

import (
	"go/ast"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/inbox"
)

// Inside an inbox-gated unit (internal/inbox: one transaction claims the
// operation's stable ID and skips on an existing claim) a record ID made
// fresh per attempt is harmless: a failed attempt rolls back with the
// claim, and the attempt that commits writes its rows once. A fresh value
// that is itself the key (it reaches an idempotency or dedup sink) is
// still reported: a key made per attempt never matches the claim.

// inGatedUnit reports whether the generator at node runs inside an
// inbox-gated unit: the function around it is one, or node calls a
// function of the package that is one (save(ctx, tx, newID()) where save
// claims).
func (c *checker) inGatedUnit(node ast.Node, fl flowResult) bool {
	if fl.strong != "" || fl.dedup != "" {
		return false
	}
	res, _ := c.pass.ResultOf[inbox.Analyzer].(*inbox.Result)
	if res == nil {
		return false
	}
	for _, f := range c.pass.Files {
		if f.Pos() <= node.Pos() && node.End() <= f.End() && res.GatedAt(f, node) {
			return true
		}
	}
	if call, ok := node.(*ast.CallExpr); ok {
		if fn := apis.Callee(c.pass.TypesInfo, call); fn != nil {
			if fd := c.sums.Decl(fn); fd != nil && res.Gated(fd.Body) {
				return true
			}
		}
	}
	return false
}
