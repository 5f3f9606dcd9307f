package dualwrite

import (
	"go/ast"

	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/report"
)

// checkFunc reports, in one function, each publish that is tied to a
// database write of the same operation without an outbox:
//   - inside a transaction that the function (or its caller) commits
//     later, and that writes: the event goes out before the commit;
//   - after a write committed on its own (auto-committed, or in a
//     transaction that ended before the publish): a crash between them
//     loses the event;
//   - before such a write: the event announces what may never be written.
//
// Left alone: a function that handles a consumed message (its consumer
// commits or acks after it returns, and redelivers on failure); a
// function whose own consume loop commits or acks after both calls; a
// publish followed by a write, in a loop or after a read (a relay that
// reads rows, publishes them and marks them sent);
// a publish only on the failure path of the write, or a write only on the
// failure path of the publish.
func (c *checker) checkFunc(fn ast.Node, decl *ast.FuncDecl, typ *ast.FuncType, body *ast.BlockStmt) {
	if c.handlesMessage(typ) {
		return
	}
	evs, acks, reads := c.events(fn, body)
	var pubs, writes []*event
	for _, e := range evs {
		if e.kind == calls.Write {
			writes = append(writes, e)
		} else {
			pubs = append(pubs, e)
		}
	}
	if len(pubs) == 0 || len(writes) == 0 || !hasKnown(pubs) && !hasKnown(writes) && !anyPublishLike(pubs) {
		return
	}
	var g = c.cfg(fn)
	if g == nil {
		return
	}
	f := c.newFlow(g, body)
	for _, p := range pubs {
		c.checkPublish(f, decl, fn, p, writes, acks, reads)
	}
}

// An order is how a publish and a write of one function are tied.
type order uint8

const (
	writeThenPublish order = iota + 1
	publishThenWrite
	publishInTx
)

// pairing returns the write that publish p is tied to without an outbox,
// and how, or nil.
func (c *checker) pairing(f *flow, p *event, writes []*event, acks, reads []*ast.CallExpr) (*event, order) {
	// A relay: it reads rows (or loops over them), publishes, and only
	// then writes (marks them sent, deletes them).
	relay := func(w *event) bool {
		return f.after(p.call, w.call) && (f.inLoop(p.call) || readBefore(f, p.call, reads))
	}
	if p.tx != nil {
		for _, w := range writes {
			if w.tx == p.tx && !relay(w) && !f.onFailure(w.call, p.call) && !f.onFailure(p.call, w.call) {
				return w, publishInTx
			}
		}
	}
	for _, w := range writes {
		if w.tx != nil && w.tx == p.tx {
			continue
		}
		switch {
		case f.after(w.call, p.call) && !f.onFailure(w.call, p.call) && !c.ackedAfter(f, p.call, acks):
			return w, writeThenPublish
		case f.after(p.call, w.call) && !f.onFailure(p.call, w.call) && !relay(w) && !c.ackedAfter(f, w.call, acks):
			return w, publishThenWrite
		}
	}
	return nil, 0
}

// message words a finding: who, the two chains, the order, the fix.
func message(name, publish, write, txDesc string, o order) string {
	switch o {
	case publishInTx:
		return name + " publishes (" + publish + ") inside the transaction " + txDesc + ", which writes (" + write + ") and commits later: if the commit fails, the event announces a change that rolled back; insert an outbox row in the transaction and publish from a relay"
	case publishThenWrite:
		return name + " publishes (" + publish + ") before it writes to the database (" + write + ") with no outbox: if the write fails, the event announces a change that never happened; insert an outbox row in the write's transaction and publish from a relay"
	}
	return name + " writes to the database (" + write + ") and then publishes (" + publish + ") with no outbox: a crash between them loses the event; insert an outbox row in the same transaction and publish from a relay"
}

func (c *checker) checkPublish(f *flow, decl *ast.FuncDecl, fn ast.Node, p *event, writes []*event, acks, reads []*ast.CallExpr) {
	var known, pending []*event
	for _, w := range writes {
		if w.pending == nil {
			known = append(known, w)
		} else if w.call != p.call {
			pending = append(pending, w)
		}
	}
	w, o := c.pairing(f, p, known, acks, reads)
	txDesc := ""
	if p.tx != nil {
		txDesc = p.tx.Desc
	}
	if w == nil && p.pending != nil && calls.PublishLike(p.pending) {
		// Both sides unresolved: only a publish-like port is worth a
		// pending site (the other interface calls are legion).
		c.addPendingPairs(decl, fn, f, p, pending, acks, reads, txDesc) // candidates.go
		return
	}
	if w == nil && p.pending == nil {
		w, o = c.pairing(f, p, pending, acks, reads)
	}
	if w == nil {
		return
	}
	if p.pending != nil || w.pending != nil {
		c.addPending(c.declFunc(decl), c.name(decl, fn, nil), p, w, o, txDesc)
		return
	}
	name := c.name(decl, fn, c.pass.Pkg)
	c.rep.Report(p.call, message(name, short(p.chain), short(w.chain), txDesc, o), report.Category("dualwrite"))
}

// ackedAfter reports whether the function commits or acks a consumed
// message after last, on some path: its consume loop finishes the
// message only after both calls, and redelivers it if either fails.
func (c *checker) ackedAfter(f *flow, last *ast.CallExpr, acks []*ast.CallExpr) bool {
	for _, a := range acks {
		if f.after(last, a) {
			return true
		}
	}
	return false
}

// readBefore reports whether the function reads from the database before
// call, on some path.
func readBefore(f *flow, call *ast.CallExpr, reads []*ast.CallExpr) bool {
	for _, r := range reads {
		if f.after(r, call) {
			return true
		}
	}
	return false
}
