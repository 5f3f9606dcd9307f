package dualwrite

import (
	"go/ast"
	"go/types"
	"regexp"
	"slices"

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
	var others []OtherWrite
	if w == nil && (p.pending == nil || calls.PublishLike(p.pending)) {
		// Both sides unresolved: only a publish-like port is worth a
		// pending site (the other interface calls are legion).
		// A port call whose results the publish sends is the read of a
		// relay (rows fetched through a repository port, then published).
		portReads := c.portReads(f, p, pending)
		reads := append(slices.Clip(reads), portReads...)
		pending = slices.DeleteFunc(pending, func(w *event) bool { return slices.Contains(portReads, w.call) })
		// Which port writes is known only where the implementations
		// are: ports named for a write come first (repo.Update before
		// repo.GetByID), and the others stay candidates.
		slices.SortStableFunc(pending, func(a, b *event) int { return readNamed(a.pending) - readNamed(b.pending) })
		w, o = c.pairing(f, p, pending, acks, reads)
		if w != nil {
			others = c.pendingWrites(f, p, pending, acks, reads)
		}
	}
	if w == nil {
		return
	}
	txDesc := ""
	if p.tx != nil {
		txDesc = p.tx.Desc
	}
	if p.pending != nil || w.pending != nil {
		c.addPending(c.name(decl, fn, nil), recvName(c.pass.TypesInfo, decl), decl, fn, p, w, o, txDesc, others)
		return
	}
	name := c.name(decl, fn, c.pass.Pkg)
	c.rep.Report(p.call, message(name, short(p.chain), short(w.chain), txDesc, o), report.Category("dualwrite"))
}

// pendingWrites returns every call of a port implemented out of sight that
// pending publish p pairs with: which of them writes is known only where
// the implementations are (a gRPC client port called first does not).
func (c *checker) pendingWrites(f *flow, p *event, pending []*event, acks, reads []*ast.CallExpr) []OtherWrite {
	var out []OtherWrite
	seen := make(map[*types.Func]bool)
	for _, w := range pending {
		if w.pending == nil || w.pending == p.pending || seen[w.pending] || len(out) >= maxOthers {
			continue
		}
		if pw, o := c.pairing(f, p, []*event{w}, acks, reads); pw != nil {
			seen[w.pending] = true
			out = append(out, otherWrite(w, o))
		}
	}
	return out
}

// readName matches the names of methods that only read (GetByID,
// FindAll, ListOrders, Count, Exists).
var readName = regexp.MustCompile(`^(?i:get|find|list|load|fetch|search|query|count|exists|has|read|select|lookup)`)

// writeName matches the names of methods that write (UpdateUser,
// SaveOrder, CreatePayment, MarkPaid).
var writeName = regexp.MustCompile(`^(?i:create|insert|save|update|upsert|delete|remove|store|put|add|mark|set)`)

// readNamed is 1 for a method named like a read, else 0.
func readNamed(fn *types.Func) int {
	if fn != nil && readName.MatchString(fn.Name()) {
		return 1
	}
	return 0
}

// portReads returns the calls of ports implemented out of sight, made
// before publish p, whose results p's arguments use: what a relay reads
// and then publishes (msgs, err := repo.FetchPending(ctx); ...
// pub.PublishBatch(ctx, msgs)).
func (c *checker) portReads(f *flow, p *event, pending []*event) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, w := range pending {
		if w.call == p.call || !f.after(w.call, p.call) || slices.Contains(out, w.call) || writeName.MatchString(w.pending.Name()) {
			// A port named for a write whose result is published
			// (user, err := db.UpdateUser(...); pub.PublishUserUpdated(ctx, user))
			// returns the row it wrote: no relay reads that way.
			continue
		}
		vars := c.resultVars(f, w.call)
		if len(vars) > 0 && c.usesAny(p.call.Args, vars) {
			out = append(out, w.call)
		}
	}
	return out
}

// resultVars returns the variables an assignment of call's results
// defines or sets.
func (c *checker) resultVars(f *flow, call *ast.CallExpr) []types.Object {
	as, ok := f.parents[call].(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return nil
	}
	var out []types.Object
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
			if obj := c.pass.TypesInfo.ObjectOf(id); obj != nil && obj.Type() != nil && !isError(obj.Type()) {
				out = append(out, obj)
			}
		}
	}
	return out
}

// usesAny reports whether the expressions mention one of vars.
func (c *checker) usesAny(exprs []ast.Expr, vars []types.Object) bool {
	found := false
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && slices.Contains(vars, c.pass.TypesInfo.Uses[id]) {
				found = true
			}
			return !found
		})
	}
	return found
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
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

// recvName returns the name of the receiver type of decl's method, or ""
// (a function, or a literal outside any method).
func recvName(info *types.Info, decl *ast.FuncDecl) string {
	if decl == nil || decl.Recv == nil || len(decl.Recv.List) == 0 {
		return ""
	}
	t := info.TypeOf(decl.Recv.List[0].Type)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return named.Obj().Name()
	}
	return ""
}
