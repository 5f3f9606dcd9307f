package checkthenact

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// Check-then-insert sequences that meet only at the composition root. A
// use case written against ports may check a key through one port
// (store.Find(ctx, key)) and insert it through another (store.Save(ctx,
// key, ...)), or check and insert through helpers in sight, backed by a
// unique key, while the work between them goes through a port
// (bank.Transfer) that only main wires to an implementation that leaves
// the process. Where the use case is analysed the implementations are out
// of sight (calls.Port): the package records each such sequence in its
// Pending package fact, with the halves it knows. The first package that
// sees implementations with the missing halves — their KeyOps facts: a
// read of the key, an insert of it without a claim, a network call or a
// publish — reports there (calls.RootWiring, "wired here"), and lists the
// site in its Wired package fact so that its importers stay silent
// (complete.go).

// Pending lists the package's check-then-insert sequences completed
// elsewhere.
type Pending struct {
	Sites []PendingSite
}

// A PendingSite is one check of a key and a later insert of it.
type PendingSite struct {
	Func     string // the function: "httpapi.Idempotent"
	Recv     string // its receiver type's name ("" for a function): the wiring to name
	Key      string // the key at the check, rendered: "req.IdempotencyKey"
	CheckPos string // "idempotency.go:36"
	ActPos   string // "idempotency.go:51"
	Check    Side
	Act      Side
	// The first effect between the check and the insert that the insert's
	// failure cannot take back, when it is known here (Between, at
	// BetweenPos), else the ports out of sight called between them
	// (BetweenPorts, the first at BetweenPortPos): one whose wired
	// implementation calls the network or publishes is that effect.
	Between        string
	BetweenPos     string
	BetweenPorts   []PortCall
	BetweenPortPos string
}

// A Side is the check or the insert of a pending site: a key operation
// known here (Op), or the call of a port whose implementation must do it
// with its parameter Param (and the fields Path below it).
type Side struct {
	Op    *KeyOp
	Port  string // calls.MethodKey
	Param int
	Path  []string
}

// AFact implements analysis.Fact.
func (*Pending) AFact() {}

func (p *Pending) String() string {
	var parts []string
	for _, s := range p.Sites {
		parts = append(parts, s.Func+" at "+s.CheckPos+" → "+s.ActPos)
	}
	return "pending(" + strings.Join(parts, "; ") + ")"
}

// Wired lists the pending sites a package (or one of its dependencies)
// completed and reported.
type Wired struct{ calls.WiredSites }

// AFact implements analysis.Fact.
func (*Wired) AFact() {}

// maxPendingSites bounds the sites of one package's fact.
const maxPendingSites = 32

// where names a position for a fact: "payout.go:204".
func (c *checker) where(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// addPending records a site of fd, once per check and insert.
func (c *checker) addPending(fd *ast.FuncDecl, s PendingSite) {
	if len(c.pending) >= maxPendingSites || strings.HasSuffix(c.pass.Fset.Position(fd.Pos()).Filename, "_test.go") {
		return // tests run against fakes
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	s.Func, s.Recv = funcname.Code(fn, nil), calls.RecvTypeName(fn)
	for _, x := range c.pending {
		if x.CheckPos == s.CheckPos && x.ActPos == s.ActPos {
			return
		}
	}
	c.pending = append(c.pending, s)
}

// exportPending exports the package's pending sites.
func (c *checker) exportPending() {
	if len(c.pending) > 0 {
		c.pass.ExportPackageFact(&Pending{Sites: c.pending})
	}
}

// pendingBetween records a known check and insert of a key that a unique
// key makes safe unless something irreversible runs between them, when
// the only candidates are ports out of sight.
func (c *checker) pendingBetween(fd *ast.FuncDecl, r, w site, evs []event, i, j int) {
	ports, pos := c.portsBetween(evs, i, j)
	if ports == nil {
		return
	}
	rop, wop := r.op, w.op
	c.addPending(fd, PendingSite{
		Key: render(r.key), CheckPos: c.where(r.call.Pos()), ActPos: c.where(w.call.Pos()),
		Check: Side{Op: &rop}, Act: Side{Op: &wop},
		BetweenPorts: ports, BetweenPortPos: c.where(pos),
	})
}

// portsBetween returns the ports out of sight that the calls strictly
// between the check evs[i] and the insert evs[j] reach, and where the
// first is called.
func (c *checker) portsBetween(evs []event, i, j int) ([]PortCall, token.Pos) {
	var out []PortCall
	pos := token.NoPos
	for k := i + 1; k < j; k++ {
		e := evs[k]
		if e.call.Pos() < evs[i].call.End() || e.call.End() >= evs[j].call.End() && e.call.Pos() <= evs[j].call.Pos() {
			continue
		}
		if len(e.eff.ports) > 0 && !pos.IsValid() {
			pos = e.call.Pos()
		}
		out = addPorts(out, "", e.eff.ports)
	}
	return out, pos
}

// A sideAt is a candidate check or insert of a function: a known key
// operation, or a port call and the access of one of its arguments.
type sideAt struct {
	ev    int
	side  Side
	acc   access
	key   ast.Expr
	known bool
}

// pendingPorts records the checks and inserts of a key of fd where the
// check, the insert or both are calls of ports out of sight: the
// arguments that carry the key have the same access (the port's argument
// may carry the key above the fields the known side reads). A read that
// check paired with an insert in sight (paired) is judged there. txs, the
// transaction regions of fd, is computed when nil and needed.
func (c *checker) pendingPorts(fd *ast.FuncDecl, evs []event, txs map[*ast.CallExpr]*calls.Tx, paired map[*ast.CallExpr]bool) {
	var checks, acts [][]sideAt
	hasPort := false
	for i := range evs {
		var ch, ac []sideAt
		for _, s := range evs[i].sites {
			acc, ok := c.accessOf(s.key, s.path)
			if !ok || len(s.path) > 0 && s.path[len(s.path)-1] == "*" {
				continue
			}
			op := s.op
			x := sideAt{ev: i, side: Side{Op: &op}, acc: acc, key: s.key, known: true}
			switch {
			case s.op.Kind == apis.KeyRead && !s.op.Locked && !paired[s.call]:
				ch = append(ch, x)
			case s.op.Kind == apis.KeyWrite:
				ac = append(ac, x)
			}
		}
		if m := c.calls.Port(evs[i].call); m != nil {
			for p, arg := range evs[i].call.Args {
				if !c.keyArg(arg) {
					continue
				}
				if acc, ok := c.accessOf(arg, nil); ok {
					x := sideAt{ev: i, side: Side{Port: calls.MethodKey(m), Param: p}, acc: acc, key: arg}
					ch, ac = append(ch, x), append(ac, x)
					hasPort = true
				}
			}
		}
		checks, acts = append(checks, ch), append(acts, ac)
	}
	if !hasPort {
		return
	}
	for i := range evs {
		for _, r := range checks[i] {
			for j := i + 1; j < len(evs); j++ {
				if evs[j].call.Pos() < evs[i].call.End() {
					continue
				}
				for _, w := range acts[j] {
					s, ok := pairSides(r, w)
					if !ok || c.lockedBefore(evs, j) {
						continue
					}
					if txs == nil {
						txs = c.txRegions(fd)
					}
					eff, effPos := c.between(evs, i, j, false, txs)
					site := PendingSite{
						Key: render(r.key), CheckPos: c.where(evs[i].call.Pos()), ActPos: c.where(evs[j].call.Pos()),
						Check: s[0], Act: s[1],
					}
					if eff != "" {
						site.Between, site.BetweenPos = eff, c.where(effPos)
					} else if ports, pos := c.portsBetween(evs, i, j); ports != nil {
						site.BetweenPorts, site.BetweenPortPos = ports, c.where(pos)
					}
					c.addPending(fd, site)
				}
			}
		}
	}
}

// pairSides returns the check r and the insert w as the sides of a
// pending site when one of them at least is a port call and their keys
// have the same access; a port's side gets the fields below its argument
// that the known side's key has.
func pairSides(r, w sideAt) ([2]Side, bool) {
	switch {
	case r.known && w.known:
		return [2]Side{}, false
	case r.known:
		suffix, ok := below(w.acc, r.acc)
		w.side.Path = suffix
		return [2]Side{r.side, w.side}, ok
	case w.known:
		suffix, ok := below(r.acc, w.acc)
		r.side.Path = suffix
		return [2]Side{r.side, w.side}, ok
	default:
		return [2]Side{r.side, w.side}, r.side.Port != w.side.Port && r.acc.same(w.acc)
	}
}

// below returns the path of key below arg when arg's access is a prefix
// of key's (arg = req, key = req.IdempotencyKey: ["IdempotencyKey"]).
func below(arg, key access) ([]string, bool) {
	if arg.root != key.root || len(arg.path) > len(key.path) {
		return nil, false
	}
	for i := range arg.path {
		if arg.path[i] != key.path[i] {
			return nil, false
		}
	}
	if len(key.path) == len(arg.path) {
		return nil, true
	}
	return append([]string{}, key.path[len(arg.path):]...), true
}

// keyArg reports whether a port argument may carry a key: not a context,
// a function, a channel or an interface value.
func (c *checker) keyArg(e ast.Expr) bool {
	t := c.pass.TypesInfo.TypeOf(e)
	if t == nil || apis.IsContext(t) {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Signature, *types.Chan, *types.Interface:
		return false
	}
	return true
}

// lockedBefore reports whether a call before evs[j] locks: the pair may be
// serialized, and what the lock covers is out of sight here.
func (c *checker) lockedBefore(evs []event, j int) bool {
	for k := 0; k < j; k++ {
		if evs[k].eff.locks != nil {
			return true
		}
	}
	return false
}
