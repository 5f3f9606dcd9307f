package checkthenact

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/report"
)

// An event is a call of the checked function with what it does to keys
// and beyond.
type event struct {
	call  *ast.CallExpr
	sites []site
	eff   effect
}

// check reports, in one function, a read of a key followed by an insert of
// the same key that is not a claim, unless a lock or SERIALIZABLE covers
// them, or a unique key on the column makes the insert a claim and nothing
// that commits or leaves the process happens between the two.
func (c *checker) check(fd *ast.FuncDecl) {
	var evs []event
	serializable := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && apis.IsSerializable(c.pass.TypesInfo.Uses[id]) {
			serializable = true
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if sites, eff := c.callOps(call); len(sites) > 0 || !eff.none() {
				evs = append(evs, event{call, sites, eff})
			}
		}
		return true
	})
	if serializable {
		return
	}
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].call.Pos() < evs[j].call.Pos() })
	var txs map[*ast.CallExpr]*calls.Tx
	txsOf := func() map[*ast.CallExpr]*calls.Tx {
		if txs == nil {
			txs = c.txRegions(fd)
		}
		return txs
	}
	paired := make(map[*ast.CallExpr]bool) // reads paired with an insert here
	for i := range evs {
		for _, r := range evs[i].sites {
			if r.op.Kind != apis.KeyRead || r.op.Locked {
				continue
			}
			for j := i + 1; j < len(evs); j++ {
				ins := &evs[j]
				if ins.call.Pos() < evs[i].call.End() {
					continue // inside the read's call
				}
				w, ok := c.pairs(r, ins)
				if !ok {
					continue
				}
				paired[r.call] = true
				if w.op.Kind == apis.KeyClaim || c.covered(evs, i, j, r, txsOf) {
					break
				}
				c.decide(fd, r, w, evs, i, j, txsOf())
				break
			}
		}
	}
	c.pendingPorts(fd, evs, txs, paired)
}

// pairs returns the insert or claim of ins that handles the key r reads.
func (c *checker) pairs(r site, ins *event) (site, bool) {
	for _, w := range ins.sites {
		if w.op.Kind != apis.KeyRead && c.sameKey(r, w) {
			return w, true
		}
	}
	return site{}, false
}

// sameKey reports whether the read r and the insert w handle the same key:
// the same store and table, the same column, and keys with the same access.
func (c *checker) sameKey(r, w site) bool {
	if (r.op.Store == "redis") != (w.op.Store == "redis") || r.op.Table != w.op.Table {
		return false
	}
	ra, ok := c.accessOf(r.key, r.path)
	if !ok {
		return false
	}
	path := w.path
	if n := len(path); n > 0 && path[n-1] == "*" {
		if n > 1 {
			return false
		}
		field := fieldForColumn(c.pass.TypesInfo.TypeOf(w.key), r.op.Column)
		if field == nil {
			return false
		}
		path = field
	} else if w.op.Column != r.op.Column {
		return false
	}
	wa, ok := c.accessOf(w.key, path)
	return ok && ra.same(wa)
}

// covered reports whether a lock or SERIALIZABLE that covers the key r
// reads is held when the check reads it (lockscope.go), or a claim of the
// key comes between the read and the insert evs[j]. txsOf gives the
// transactions of the function's calls (computed on first use).
func (c *checker) covered(evs []event, i, j int, r site, txsOf func() map[*ast.CallExpr]*calls.Tx) bool {
	for k := 0; k < j; k++ {
		if evs[k].eff.locks != nil && (c.lockCovers(evs, i, j, k, r) || k < i && c.parentLockCovers(evs[k], evs[i], r, txsOf)) {
			return true
		}
		if k > i {
			for _, s := range evs[k].sites {
				if s.op.Kind == apis.KeyClaim && c.sameKeyLoose(r, s) {
					return true
				}
			}
		}
	}
	return false
}

// sameKeyLoose is sameKey for a claim, which may go to another table (a
// processed_messages row claimed before the work).
func (c *checker) sameKeyLoose(r, w site) bool {
	if c.sameKey(r, w) {
		return true
	}
	ra, ok1 := c.accessOf(r.key, r.path)
	wa, ok2 := c.accessOf(w.key, w.path)
	return ok1 && ok2 && ra.same(wa)
}

// between returns the first effect between the read evs[i] and the insert
// evs[j] that the insert's failure cannot take back: a call that leaves the
// process, a write outside the insert's transaction, and for Redis, work
// out of sight.
func (c *checker) between(evs []event, i, j int, redis bool, txs map[*ast.CallExpr]*calls.Tx) (string, token.Pos) {
	ins := evs[j].call
	for k := i + 1; k < j; k++ {
		e := evs[k]
		if e.call.Pos() < evs[i].call.End() || e.call.End() >= ins.End() && e.call.Pos() <= ins.Pos() {
			continue // inside the read, or around the insert
		}
		switch {
		case e.eff.leaves != nil:
			return strings.Join(e.eff.leaves, " → "), e.call.Pos()
		case e.eff.writes != nil && !sameTx(txs[e.call], txs[ins]):
			return strings.Join(e.eff.writes, " → "), e.call.Pos()
		case redis && e.eff.writes != nil:
			return strings.Join(e.eff.writes, " → "), e.call.Pos()
		case redis && e.eff.unknown != nil:
			return strings.Join(e.eff.unknown, " → "), e.call.Pos()
		}
	}
	return "", token.NoPos
}

func sameTx(a, b *calls.Tx) bool {
	return a != nil && b != nil && (a == b || a.Pos == b.Pos && a.Desc == b.Desc)
}

// txRegions maps the calls of fd (and of the literals in it) that run
// while a transaction is open to that transaction.
func (c *checker) txRegions(fd *ast.FuncDecl) map[*ast.CallExpr]*calls.Tx {
	m := make(map[*ast.CallExpr]*calls.Tx)
	add := func(n ast.Node) {
		for _, in := range c.calls.Regions(n) {
			if m[in.Call] == nil {
				m[in.Call] = in.Tx
			}
		}
	}
	add(fd)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			add(lit)
		}
		return true
	})
	return m
}

// decide reports the pair unless a unique key makes the insert a claim and
// nothing irreversible happens between the check and the insert. When
// nothing known happens between them but a port out of sight is called
// there, the pair is left pending for the composition root (pending.go).
func (c *checker) decide(fd *ast.FuncDecl, r, w site, evs []event, i, j int, txs map[*ast.CallExpr]*calls.Tx) {
	eff, effPos := c.between(evs, i, j, r.op.Store == "redis", txs)
	effAt := ""
	if eff != "" {
		effAt = fmt.Sprintf("line %d", c.line(effPos))
	}
	why, ok := c.why(r.op, w.op, eff, effAt)
	if !ok {
		if eff == "" {
			c.pendingBetween(fd, r, w, evs, i, j)
		}
		return
	}
	name := fd.Name.Name
	if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
		name = funcname.Code(fn, c.pass.Pkg)
	}
	msg := fmt.Sprintf("%s checks %s with %s (line %d) and inserts it later (line %d) without a claim: two concurrent retries both pass the check; %s",
		name, render(r.key), strings.Join(r.op.Chain, " → "), c.line(r.call.Pos()), c.line(w.call.Pos()), why)
	c.rep.Report(w.call, msg, report.Category("checkthenact"), report.Related(at(r.call.Pos()), "the key is checked here"))
}

// why returns why the read rop then the insert wop of its key is a bug,
// given the first irreversible effect between them (eff, at effAt; ""
// for none), and false when it is not: a unique key makes the insert a
// claim and nothing irreversible runs before it, or, for Redis, nothing
// runs between.
func (c *checker) why(rop, wop KeyOp, eff, effAt string) (string, bool) {
	if rop.Store == "redis" {
		if eff == "" {
			return "", false // the check guards nothing but the mark itself
		}
		return fmt.Sprintf("%s (%s) runs for both: claim the key with SetNX (SET NX) before the work", eff, effAt), true
	}
	unique, known := c.unique(rop, wop)
	switch {
	case unique && eff == "":
		return "", false
	case unique:
		return fmt.Sprintf("the unique key on %s.%s fails the second insert only after %s (%s) has run: insert the key first, in the transaction of the work", rop.Table, rop.Column, eff, effAt), true
	case wop.Store == "gorm":
		return fmt.Sprintf("the GORM model of %s has no unique index on %s: add uniqueIndex (and the index), or claim with clause.OnConflict{DoNothing: true}", rop.Table, rop.Column), true
	case wop.Conflict && known:
		return fmt.Sprintf("%s.%s has no unique index in the module's schema, so the insert's ON CONFLICT never fires on it: add a unique index on %s, or claim the key in a table whose key it is", rop.Table, rop.Column, rop.Column), true
	case wop.Conflict:
		return fmt.Sprintf("the insert's ON CONFLICT target does not cover %s, so it never fires on the key: target %s with a unique index on it, or claim the key in a table whose key it is", rop.Column, rop.Column), true
	case known:
		return fmt.Sprintf("%s.%s has no unique index in the module's schema: add one, or claim the key first with INSERT ... ON CONFLICT DO NOTHING", rop.Table, rop.Column), true
	default:
		return fmt.Sprintf("no schema for %s is visible in the module: add a unique index on %s, or claim the key first with INSERT ... ON CONFLICT DO NOTHING", rop.Table, rop.Column), true
	}
}

func (c *checker) line(p token.Pos) int { return c.pass.Fset.Position(p).Line }

// unique reports whether a unique key makes the insert w of the key r
// reads a claim, and whether any schema of the table is in sight.
func (c *checker) unique(r, w KeyOp) (unique, known bool) {
	cols := r.Keys
	if len(cols) == 0 {
		cols = []string{r.Column}
	}
	for _, u := range w.Uniques {
		if subset(u, cols) {
			return true, true
		}
	}
	for _, k := range c.localKeys {
		if k.Table == r.Table && subset(k.Columns, cols) {
			return true, true
		}
	}
	s := c.moduleSchema()
	return s.Unique(r.Table, cols...), s.HasTable(r.Table)
}

func subset(a, b []string) bool {
	if len(a) == 0 {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}

// at is a zero-width range at a position.
type at token.Pos

func (p at) Pos() token.Pos { return token.Pos(p) }
func (p at) End() token.Pos { return token.Pos(p) }
