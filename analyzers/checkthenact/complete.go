package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/report"
)

// completePending reports the sites of other packages (pending.go) that
// this package is the first to see with the implementations that complete
// them. A check is reported once, with its first completed insert.
func (c *checker) completePending() {
	if calls.TestSupport(c.pass.Pkg) {
		return // a test fixture's wiring repeats the real root's
	}
	var wired *calls.WiredSet
	for _, f := range c.pass.AllPackageFacts() {
		p, ok := f.Fact.(*Pending)
		if !ok || f.Package == c.pass.Pkg {
			continue
		}
		if wired == nil {
			wired = calls.ReadWired(c.pass)
		}
		for _, s := range p.Sites {
			id, check := f.Package.Path()+":"+s.ActPos, f.Package.Path()+":check:"+s.CheckPos
			if wired.Done(id) || wired.Done(check) {
				continue
			}
			if msg, at := c.complete(s, f.Package); at.IsValid() {
				wired.Add(id)
				wired.Add(check)
				c.rep.Report(calls.At(at), msg, report.Category("checkthenact"))
			}
		}
	}
	if wired == nil {
		return
	}
	if sites := wired.Added(); sites != nil {
		c.pass.ExportPackageFact(&Wired{calls.WiredSites{Sites: sites}})
	}
}

// A resolved side is the key operation of a check or an insert, with its
// chain, and the port and implementation it went through (nil when known
// where the site was recorded).
type resolved struct {
	op         KeyOp
	chain      []string
	port, impl *types.Func
}

// complete returns the finding of a site left by package user and where to
// report it (NoPos when this package does not see the implementations that
// complete it, or they make the sequence safe).
func (c *checker) complete(s PendingSite, user *types.Package) (string, token.Pos) {
	var r, w resolved
	var ok bool
	if s.Act.Op != nil {
		if w, ok = c.resolve(s.Act, false, nil); !ok {
			return "", token.NoPos
		}
		if r, ok = c.resolve(s.Check, true, &w.op); !ok {
			return "", token.NoPos
		}
	} else {
		if r, ok = c.resolve(s.Check, true, nil); !ok {
			return "", token.NoPos
		}
		if w, ok = c.resolve(s.Act, false, &r.op); !ok {
			return "", token.NoPos
		}
	}
	if w.op.Kind == apis.KeyClaim {
		return "", token.NoPos // the insert claims the key
	}
	eff, effAt := s.Between, s.BetweenPos
	var between resolved
	if eff == "" {
		eff, between = c.portEffect(s.BetweenPorts)
		effAt = s.BetweenPortPos
	}
	why, bad := c.why(r.op, w.op, eff, effAt)
	if !bad {
		return "", token.NoPos
	}
	msg := fmt.Sprintf("%s checks %s with %s (%s) and inserts it later with %s (%s) without a claim, wired here: two concurrent retries both pass the check; %s",
		s.Func, s.Key, strings.Join(r.chain, " → "), s.CheckPos, strings.Join(w.chain, " → "), s.ActPos, why)
	at := token.NoPos
	for _, x := range []resolved{w, r, between} {
		if x.port != nil && !at.IsValid() {
			at = c.calls.RootWiring(user, x.port, x.impl, s.Recv, c.rep.IsGenerated)
		}
	}
	for _, x := range []resolved{w, r, between} {
		if x.port != nil && !at.IsValid() {
			at = c.calls.InterfaceRef(x.port, c.rep.IsGenerated)
		}
	}
	return msg, at
}

// resolve returns the key operation of a side: its own when known, else
// the read (check) or insert of the port's parameter that a wired
// implementation's KeyOps fact carries, on the table and column of match
// when given. An implementation that locks is passed over: what its lock
// covers is out of sight.
func (c *checker) resolve(sd Side, check bool, match *KeyOp) (resolved, bool) {
	if sd.Op != nil {
		if match != nil && !sameTarget(*sd.Op, *match) {
			return resolved{}, false
		}
		return resolved{op: *sd.Op, chain: sd.Op.Chain}, true
	}
	m := c.calls.MethodByKey(sd.Port)
	if m == nil {
		return resolved{}, false
	}
	for _, impl := range c.calls.WiredImplementations(m) {
		ops := c.keyOps.Of(impl)
		if ops == nil || ops.Locks != nil {
			continue
		}
		for _, op := range ops.Ops {
			if op.Param != sd.Param || !slices.Equal(op.Path, sd.Path) || (op.Kind == apis.KeyRead) != check || op.Locked {
				continue
			}
			if match != nil && !sameTarget(op, *match) {
				continue
			}
			chain := append([]string{funcname.Code(m, c.pass.Pkg), funcname.Code(impl, c.pass.Pkg)}, op.Chain...)
			return resolved{op: op, chain: clip(chain), port: m, impl: impl}, true
		}
	}
	return resolved{}, false
}

// sameTarget reports whether two key operations handle the same column of
// the same table (Redis: any key).
func sameTarget(a, b KeyOp) bool {
	if (a.Store == "redis") != (b.Store == "redis") {
		return false
	}
	return a.Table == b.Table && a.Column == b.Column
}

// portEffect returns the chain of the first of ports whose wired
// implementation calls the network or publishes, and that port.
func (c *checker) portEffect(ports []PortCall) (string, resolved) {
	for _, p := range ports {
		m := c.calls.MethodByKey(p.Method)
		if m == nil {
			continue
		}
		for _, k := range []calls.Effect{calls.Net, calls.Publish} {
			if impl, ch := c.calls.WiredImplWithEffect(m, k); impl != nil {
				return strings.Join(append(append([]string{}, p.Chain...), ch...), " → "), resolved{port: m, impl: impl}
			}
		}
	}
	return "", resolved{}
}
