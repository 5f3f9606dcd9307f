package checkthenact

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// A lock makes a check-then-insert safe only when it serializes the
// requests that check the same key, and only when it is held before the
// check reads: FOR UPDATE on a row found by the checked key (the key's
// own row, or its parent's: SELECT ... FROM clients WHERE id = $1 FOR
// UPDATE before reading the client's orders, or a GORM locking read of
// the wallet whose ID the checked key then takes), an advisory lock taken
// on the key, LOCK TABLE on the checked table. A lock on other rows (the bank
// detail chosen for the order, found by its amount) lets two requests for
// the same key both pass the check. SERIALIZABLE covers everything.
//
// What a lock covers is known for the library calls of the function; a
// helper's lock is known by the locking reads its summary carries, and a
// helper that locks without a locking read (an advisory lock behind a
// repository method) is taken to cover the key: its scope is out of
// sight, and a false alarm costs more than this miss.

// lockCovers reports whether the lock taken by evs[k] covers the key that
// the read r at evs[i] checks, given when it is taken: before the read (or
// in the read's own call), or after it when the key is read again between
// the lock and the insert evs[j] (the check redone under the lock).
func (c *checker) lockCovers(evs []event, i, j, k int, r site) bool {
	if k > i && !c.readAgain(evs, k, j, r) {
		return false
	}
	keys := c.readKeys(evs[i], r)
	ev := evs[k]
	if qc, ok := apis.SQLQueryCall(c.pass.TypesInfo, ev.call); ok {
		if text, ok := c.constString(ev.call.Args[qc.Arg]); ok {
			return c.sqlLockCovers(ev.call, qc, text, r, keys)
		}
		return true // SQL out of sight
	}
	return c.siteLockCovers(ev, keys)
}

// sqlLockCovers reads the lock of constant SQL: LOCK TABLE covers the
// tables it names, an advisory lock or FOR UPDATE the keys its arguments
// carry (all keys when it takes none: a global lock, a singleton row).
func (c *checker) sqlLockCovers(call *ast.CallExpr, qc apis.QueryCall, text string, r site, keys []access) bool {
	if sqlscan.SerializableIsolation(text) {
		return true
	}
	for _, st := range sqlscan.Scan(text) {
		kind, tables := st.LockScope(text)
		switch kind {
		case sqlscan.LockTables:
			if len(tables) == 0 {
				return true
			}
			for _, t := range tables {
				if strings.EqualFold(t, r.op.Table) {
					return true
				}
			}
		case sqlscan.LockAdvisory, sqlscan.LockRows:
			if c.argsCover(call.Args[qc.Arg+1:], keys) {
				return true
			}
		}
	}
	return false
}

// argsCover reports whether a locking statement's arguments may carry one
// of the checked keys. A lock is on other rows only when every argument is
// a constant or plainly another value (a parameter, or a field of one,
// with another access than the keys: the amount a bank detail is chosen
// by); an argument that mentions a key (hashed, converted, through a local)
// or is computed out of sight may be the key. No arguments at all lock
// every request alike.
func (c *checker) argsCover(args []ast.Expr, keys []access) bool {
	if len(args) == 0 {
		return true
	}
	for _, a := range args {
		if c.isConst(a) {
			continue
		}
		if c.mentionsKey(a, keys, 0) {
			return true
		}
		acc, ok := c.accessOf(a, nil)
		if v, isVar := acc.root.(*types.Var); !ok || !isVar || !c.isParam(v) {
			return true // computed: it may be the key
		}
	}
	return false
}

// mentionsKey reports whether e has the access of one of keys, or holds
// a value that does (hashtext(clientID), int64(fnv(id)), a local assigned
// from one).
func (c *checker) mentionsKey(e ast.Expr, keys []access, depth int) bool {
	if depth > maxFollow {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		x, ok := n.(ast.Expr)
		if !ok || found {
			return false
		}
		if acc, ok := c.accessOf(x, nil); ok {
			for _, k := range keys {
				found = found || acc.same(k)
			}
		}
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok {
				for _, rhs := range c.vals.assigns[v] {
					found = found || rhs != nil && c.mentionsKey(rhs, keys, depth+1)
				}
			}
		}
		return !found
	})
	return found
}

// siteLockCovers judges a lock from a GORM chain (clause.Locking) or a
// helper's summary by its locking reads: one keyed by a checked key
// covers, locking reads on other keys do not, none at all (the scope is
// out of sight) does.
func (c *checker) siteLockCovers(ev event, keys []access) bool {
	locked := false
	for _, s := range ev.sites {
		if s.op.Kind != apis.KeyRead || !s.op.Locked {
			continue
		}
		locked = true
		if acc, ok := c.accessOf(s.key, s.path); !ok {
			return true
		} else {
			for _, k := range keys {
				if acc.same(k) {
					return true
				}
			}
		}
	}
	return !locked
}

// readKeys returns the accesses of the keys the read call of r looks up
// (every equality of its WHERE: user_id and idempotency_key alike).
func (c *checker) readKeys(ev event, r site) []access {
	var out []access
	for _, s := range ev.sites {
		if s.op.Kind == apis.KeyRead && s.op.Table == r.op.Table {
			if acc, ok := c.accessOf(s.key, s.path); ok {
				out = append(out, acc)
			}
		}
	}
	return out
}

// readAgain reports whether the key of r is read again from the lock
// evs[k] (its own call included) up to the insert evs[j].
func (c *checker) readAgain(evs []event, k, j int, r site) bool {
	ra, ok := c.accessOf(r.key, r.path)
	if !ok {
		return false
	}
	for m := k; m < j; m++ {
		for _, s := range evs[m].sites {
			if s.op.Kind != apis.KeyRead {
				continue
			}
			if acc, ok := c.accessOf(s.key, s.path); ok && acc.same(ra) {
				return true
			}
		}
	}
	return false
}

// parentLockCovers reports whether the lock ev, taken before the check
// read, is a lock on a parent row of the checked key: a GORM locking read
// (clause.Locking ... First(&w)) in the read's transaction whose
// destination holds a value the read is keyed by (entries.wallet_id =
// w.ID after locking w). Every request for that key queues on the parent
// row, so the check runs after the previous request committed. A lock in
// another transaction, or outside one, is released before the check.
func (c *checker) parentLockCovers(ev, read event, r site, txsOf func() map[*ast.CallExpr]*calls.Tx) bool {
	dest, ok := c.lockDest(ev)
	if !ok {
		return false
	}
	txs := txsOf()
	if !sameTx(txs[ev.call], txs[read.call]) {
		return false
	}
	for _, k := range c.readKeys(read, r) {
		if k.root == dest.root && hasPrefix(k.path, dest.path) {
			return true
		}
	}
	return false
}

// lockDest returns the access of the destination a GORM locking read
// fills (First(&w), Take(&w), Find(&w)): the locked row.
func (c *checker) lockDest(ev event) (access, bool) {
	for _, s := range ev.sites {
		if s.op.Kind != apis.KeyRead || !s.op.Locked || s.op.Store != "gorm" || s.call != ev.call || len(ev.call.Args) == 0 {
			continue
		}
		fn := apis.Callee(c.pass.TypesInfo, ev.call)
		if fn == nil || fn.Name() == "Count" || fn.Name() == "Pluck" {
			return access{}, false
		}
		return c.accessOf(ev.call.Args[0], nil)
	}
	return access{}, false
}

func hasPrefix(path, prefix []string) bool {
	if len(prefix) > len(path) {
		return false
	}
	for i := range prefix {
		if path[i] != prefix[i] {
			return false
		}
	}
	return true
}
