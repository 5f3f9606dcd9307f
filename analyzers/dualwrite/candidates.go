package dualwrite

import (
	"go/ast"
	"slices"
)

// maxPendingPairs bounds the unresolved writes recorded for one publish
// through an unresolved port.
const maxPendingPairs = 4

// addPendingPairs records a publish through a port implemented out of
// sight with the first unresolved call that pairs with it (as before), and
// then with each further one called before it (at most maxPendingPairs in
// all): a use case calls several ports before it publishes (a product
// catalog, a payment gateway, then the event store), and only the
// composition root knows which of them writes. Calls after the publish
// are not added: a relay whose fetch is a port would have its failure
// marks (MarkDeadLetter) taken for a write after the publish. The sites
// share the publish's key, so the root reports the first that completes,
// once.
func (c *checker) addPendingPairs(decl *ast.FuncDecl, fn ast.Node, f *flow, p *event, pending []*event, acks, reads []*ast.CallExpr, txDesc string) {
	left := slices.Clone(pending)
	added := 0
	for range len(pending) {
		w, o := c.pairing(f, p, left, acks, reads)
		if w == nil || added == maxPendingPairs {
			return
		}
		if added == 0 || o == writeThenPublish {
			c.addPending(c.declFunc(decl), c.name(decl, fn, nil), p, w, o, txDesc)
			added++
		}
		left = slices.DeleteFunc(left, func(e *event) bool { return e.pending == w.pending })
	}
}
