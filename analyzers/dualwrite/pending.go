package dualwrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/report"
)

// Interfaces implemented out of sight. A use case often declares the
// interface it needs (OrderEventWriter, OrderRepo) and an adapter package
// implements it: where the call is made, no implementation is in sight,
// so one side of the dual write (or both) is unknown. The use case's
// package records the site as a Pending fact on the interface method,
// with the side it knows. The first package that sees implementations
// with the missing sides completes it (calls.VisibleImplementations): the
// adapter that declares the implementation, when it imports the use case,
// reports at it; otherwise the composition root that wires the adapter
// into the use case (calls.WiringSite; for a generated wiring, the
// package's own mention of the interface) reports there. Either records
// the site in its Wired package fact, so that importers stay silent.

// Pending lists the sites where calling an interface method of the
// package would complete a dual write, if an implementation does the
// missing side.
type Pending struct {
	Sites []PendingSite
}

// A PendingSite is one call of the interface method.
type PendingSite struct {
	Func  string   // the function that makes the call: "(*OrderService).CreateOrder"
	Pos   string   // the call: "order_service.go:50"
	Need  uint8    // the effect the implementation must have: calls.Publish or calls.Write
	Order uint8    // order of the finding, with the method's call in the Need role
	Known []string // the chain of the other side
	Tx    string   // the transaction, for a publish inside one
	// Other is the interface method (calls.MethodKey) of the write when
	// both sides are calls of interfaces implemented out of sight; the
	// fact's method is then the publish, and Known is empty.
	Other string
	// Method is the interface method (calls.MethodKey) of the call when
	// the interface is declared in another package of the project (a
	// domain package of ports): a fact cannot be put on it, so the fact is
	// on the function that makes the call (portsite.go).
	Method string
}

// Wired lists the pending sites a package (or one of its dependencies)
// completed and reported.
type Wired struct {
	Sites []string // "import/path.Iface.Method@usecase.go:40"
}

// AFact implements analysis.Fact.
func (*Wired) AFact() {}

func (w *Wired) String() string { return fmt.Sprintf("wired(%d)", len(w.Sites)) }

// AFact implements analysis.Fact.
func (*Pending) AFact() {}

func (p *Pending) String() string {
	s := "pending("
	for i, x := range p.Sites {
		if i > 0 {
			s += "; "
		}
		s += x.Func + " at " + x.Pos
	}
	return s + ")"
}

const maxSites = 8

// unresolved returns the interface method call makes when the package may
// record a fact on it (it declares the interface) and no implementation
// is in sight, or nil.
func (c *checker) unresolved(call *ast.CallExpr) *types.Func {
	fn, ok := typeutilCallee(c.pass.TypesInfo, call)
	if !ok || fn.Pkg() != c.pass.Pkg && !c.projectPort(fn) {
		return nil
	}
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return nil
	}
	if _, named := types.Unalias(recv.Type()).(*types.Named); !named {
		return nil
	}
	if len(c.calls.Implementations(fn)) > 0 {
		return nil
	}
	return fn
}

// anyPublishLike reports whether some event is a pending call of a
// publish-like port (calls.PublishLike).
func anyPublishLike(evs []*event) bool {
	for _, e := range evs {
		if e.pending != nil && calls.PublishLike(e.pending) {
			return true
		}
	}
	return false
}

func hasKnown(evs []*event) bool {
	for _, e := range evs {
		if e.pending == nil {
			return true
		}
	}
	return false
}

// addPending records a finding whose publish or write (or both) is the
// call of an interface method implemented out of sight.
func (c *checker) addPending(caller *types.Func, name string, p, w *event, o order, txDesc string) {
	var m *types.Func
	var need calls.Effect
	var known []string
	other := ""
	switch {
	case p.pending != nil && w.pending == nil:
		m, need, known = p.pending, calls.Publish, w.chain
	case w.pending != nil && p.pending == nil:
		m, need, known = w.pending, calls.Write, p.chain
	case p.pending != nil && w.pending != nil && p.pending != w.pending:
		m, need, other = p.pending, calls.Publish, calls.MethodKey(w.pending)
	default:
		return
	}
	method := ""
	if m.Pkg() != c.pass.Pkg {
		if caller == nil {
			return
		}
		m, method = caller, calls.MethodKey(m)
	}
	if c.pend == nil {
		c.pend = make(map[*types.Func]*Pending)
	}
	pd := c.pend[m]
	if pd == nil {
		pd = &Pending{}
		c.pend[m] = pd
	}
	if len(pd.Sites) >= maxSites {
		return
	}
	call := p.call
	if need == calls.Write {
		call = w.call
	}
	pos := c.pass.Fset.Position(call.Pos())
	pd.Sites = append(pd.Sites, PendingSite{
		Func: name, Pos: fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line),
		Need: uint8(need), Order: uint8(o), Known: known, Tx: txDesc, Other: other, Method: method,
	})
}

func (c *checker) exportPending() {
	for m, pd := range c.pend {
		c.pass.ExportObjectFact(m, pd)
	}
}

// reportPending completes the sites that dependencies left pending on
// their interface methods, where this package is the first to see
// implementations with the missing sides.
func (c *checker) reportPending() {
	wired := calls.ReadWired(c.pass, wiredSites)
	for _, f := range c.pass.AllObjectFacts() {
		pd, ok := f.Fact.(*Pending)
		obj, isFunc := f.Object.(*types.Func)
		if !ok || !isFunc || obj.Pkg() == c.pass.Pkg {
			continue
		}
		for _, s := range pd.Sites {
			m, home := c.pendingMethod(obj, s)
			if m == nil {
				continue
			}
			id := calls.MethodKey(m) + "@" + s.Pos
			if wired.Done(id) {
				continue
			}
			if msg, at := c.complete(m, home, s); at != nil {
				wired.Add(id)
				c.rep.Report(at, msg, report.Category("dualwrite"))
			}
		}
	}
	if sites := wired.Added(); sites != nil {
		c.pass.ExportPackageFact(&Wired{Sites: sites})
	}
}

// wiredSites returns the sites of a Wired fact.
func wiredSites(f analysis.Fact) []string {
	if w, ok := f.(*Wired); ok {
		return w.Sites
	}
	return nil
}

// complete returns the finding of a pending site and where to report it,
// or a nil range when this package cannot complete it.
func (c *checker) complete(m *types.Func, home *types.Package, s PendingSite) (string, analysis.Range) {
	need := calls.Effect(s.Need)
	impl, ch := c.withEffect(m, need)
	if impl == nil {
		return "", nil
	}
	via := short(append([]string{funcName(m, c.pass.Pkg)}, ch...))
	publish, write := via, short(s.Known)
	if need == calls.Write {
		publish, write = short(s.Known), via
	}
	var om *types.Func
	if s.Other != "" {
		om = c.calls.MethodByKey(s.Other)
		oimpl, och := c.withEffect(om, calls.Write)
		if oimpl == nil {
			return "", nil
		}
		write = short(append([]string{funcName(om, c.pass.Pkg)}, och...))
	}
	site := s.Func + " (" + s.Pos + ")"
	msg := message(site, publish, write, s.Tx, order(s.Order))
	if impl.Pkg() == c.pass.Pkg && om == nil {
		if decl := c.declOf(impl); decl != nil {
			return msg + " (the interface is implemented here)", decl.Name
		}
	}
	at := c.calls.WiringSite(home, m, c.rep.IsGenerated)
	if !at.IsValid() && om != nil {
		at = c.calls.WiringSite(home, om, c.rep.IsGenerated)
	}
	if !at.IsValid() {
		at = c.calls.InterfaceRef(m, c.rep.IsGenerated)
	}
	if !at.IsValid() {
		return "", nil
	}
	return msg + " (wired here)", posRange(at)
}

// withEffect returns an implementation of m that the package sees with
// an effect of kind k, preferring one declared in the package, and its
// chain.
func (c *checker) withEffect(m *types.Func, k calls.Effect) (*types.Func, []string) {
	if m == nil {
		return nil, nil
	}
	var best *types.Func
	var bestCh []string
	for _, impl := range c.calls.VisibleImplementations(m) {
		ch := c.calls.FuncChain(impl, k)
		if ch == nil {
			continue
		}
		if best == nil || impl.Pkg() == c.pass.Pkg && best.Pkg() != c.pass.Pkg {
			best, bestCh = impl, ch
		}
	}
	return best, bestCh
}

// posRange is a range of one position.
type posRange token.Pos

func (p posRange) Pos() token.Pos { return token.Pos(p) }
func (p posRange) End() token.Pos { return token.Pos(p) }

// declOf returns the declaration of a function of the package.
func (c *checker) declOf(fn *types.Func) *ast.FuncDecl {
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && c.pass.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}
