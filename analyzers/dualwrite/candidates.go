package dualwrite

import (
	"go/ast"
	"slices"
)

// maxPendingPairs bounds the unresolved writes recorded for one publish
// through an unresolved port.
const maxPendingPairs = 4

// addPendingPairs records a publish through a port implemented out of
// sight with each unresolved call that may be its write, in pairing order
// (at most maxPendingPairs): a use case calls several ports before it
// publishes (a product catalog, a payment gateway, then the event store),
// and only the composition root knows which of them writes. The sites
// share the publish's key, so the root reports the first that completes,
// once.
func (c *checker) addPendingPairs(decl *ast.FuncDecl, fn ast.Node, f *flow, p *event, pending []*event, acks, reads []*ast.CallExpr, txDesc string) {
	left := slices.Clone(pending)
	for range maxPendingPairs {
		w, o := c.pairing(f, p, left, acks, reads)
		if w == nil {
			return
		}
		c.addPending(c.declFunc(decl), c.name(decl, fn, nil), p, w, o, txDesc)
		left = slices.DeleteFunc(left, func(e *event) bool { return e.pending == w.pending })
	}
}
