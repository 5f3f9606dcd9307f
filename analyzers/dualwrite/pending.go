package dualwrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

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
	// Others are the interface methods that may be the write when both
	// sides are calls of interfaces implemented out of sight, in the
	// function's order: the first with a writing implementation is. The
	// fact's method is then the publish, and Known is empty.
	Others []OtherWrite
	// Recv is the name of the type whose method makes the call ("" for a
	// function): the wiring that builds it is the one to name.
	Recv string
	// Returned: Func is a function literal its function returns (a
	// handler a caller registers; registered.go).
	Returned bool
	// RegisteredOn is the method (methodKey) that Func, a function
	// literal, is given to as its parameter RegisteredParam where it is
	// written (b.Register("t", func(...) error {...})); "" for none.
	RegisteredOn    string
	RegisteredParam int
	// Helpers are the package's helpers through which the call at Pos
	// reaches the method (calls.CallPorts), outermost first; Holder, when
	// set, is the port (methodKey) whose argument HolderParam is the
	// closure making the call: the site holds only where an
	// implementation of Holder wired there runs that argument before it
	// returns.
	Helpers     []string
	Holder      string
	HolderParam uint8
}

// PendingPorts lists the package's pending sites on interface methods
// declared in other packages of its module (a domain package of ports):
// the package cannot put a fact on those methods.
type PendingPorts struct {
	Ports []PendingPort
}

// A PendingPort is the pending sites of one interface method.
type PendingPort struct {
	Method string // calls.MethodKey
	Sites  []PendingSite
}

// AFact implements analysis.Fact.
func (*PendingPorts) AFact() {}

func (p *PendingPorts) String() string {
	s := "pendingPorts("
	for i, port := range p.Ports {
		if i > 0 {
			s += "; "
		}
		s += port.Method[strings.LastIndex(port.Method, "/")+1:] + ":"
		for _, x := range port.Sites {
			s += " " + x.Func + " at " + x.Pos
		}
	}
	return s + ")"
}

// Wired lists the pending sites a package (or one of its dependencies)
// completed and reported.
type Wired struct{ calls.WiredSites }

// AFact implements analysis.Fact.
func (*Wired) AFact() {}

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

// maxOthers bounds the candidate writes of a pending site.
const maxOthers = 6

// An OtherWrite is a candidate write of a pending site: an interface
// method (calls.MethodKey) and how the publish is tied to it.
type OtherWrite struct {
	Method string
	Order  uint8
	// Via is the port (calls.MethodKey) whose function argument ViaParam
	// makes the call; "" for a call the function makes itself.
	Via      string
	ViaParam uint8
	// Helpers are the package's helpers through which the function
	// reaches the call (calls.CallPorts), outermost first.
	Helpers []string
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
func (c *checker) addPending(name, recv string, decl *ast.FuncDecl, fn ast.Node, p, w *event, o order, txDesc string, others []OtherWrite) {
	var m *types.Func
	var need calls.Effect
	var known []string
	switch {
	case p.pending != nil && w.pending == nil:
		m, need, known, others = p.pending, calls.Publish, w.chain, nil
	case w.pending != nil && p.pending == nil:
		m, need, known = w.pending, calls.Write, p.chain
		if len(others) < 2 && (len(others) == 0 || others[0].Via == "") {
			others = nil // the method itself is the only candidate
		}
	case p.pending != nil && w.pending != nil && p.pending != w.pending:
		m, need = p.pending, calls.Publish
		if len(others) == 0 {
			others = []OtherWrite{{Method: calls.MethodKey(w.pending), Order: uint8(o)}}
		}
	default:
		return
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
	ev := p
	if need == calls.Write {
		ev = w
	}
	holder := ""
	if ev.via != nil {
		holder = calls.MethodKey(ev.via)
	}
	pos := c.pass.Fset.Position(ev.call.Pos())
	on, param := c.registeredLit(decl, fn)
	pd.Sites = append(pd.Sites, PendingSite{
		Func: name, Pos: fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line),
		Need: uint8(need), Order: uint8(o), Known: known, Tx: txDesc, Others: others, Recv: recv, Returned: returnedLit(decl, fn), RegisteredOn: on, RegisteredParam: param,
		Helpers: ev.helpers, Holder: holder, HolderParam: uint8(ev.viaParam),
	})
}

// exportPending records the pending sites: on the interface method when
// the package declares it, else in the package's PendingPorts fact (a
// package may export facts on its own objects only).
func (c *checker) exportPending() {
	var ports PendingPorts
	for m, pd := range c.pend {
		if m.Pkg() == c.pass.Pkg {
			c.pass.ExportObjectFact(m, pd)
			continue
		}
		ports.Ports = append(ports.Ports, PendingPort{Method: calls.MethodKey(m), Sites: pd.Sites})
	}
	if len(ports.Ports) > 0 {
		slices.SortFunc(ports.Ports, func(a, b PendingPort) int { return strings.Compare(a.Method, b.Method) })
		c.pass.ExportPackageFact(&ports)
	}
}

// reportPending completes the sites that dependencies left pending on
// their interface methods, where this package is the first to see
// implementations with the missing sides.
func (c *checker) reportPending() {
	if calls.TestSupport(c.pass.Pkg) {
		return // a test fixture's wiring repeats the real root's
	}
	wired := calls.ReadWired(c.pass)
	completeAll := func(m *types.Func, sites []PendingSite, user *types.Package, idPrefix string) {
		for _, s := range sites {
			id := idPrefix + calls.MethodKey(m) + "@" + s.Pos
			if wired.Done(id) {
				continue
			}
			if msg, at := c.complete(m, s, user); at != nil {
				wired.Add(id)
				c.rep.Report(at, msg, report.Category("dualwrite"))
			}
		}
	}
	for _, f := range c.pass.AllObjectFacts() {
		pd, ok := f.Fact.(*Pending)
		m, isFunc := f.Object.(*types.Func)
		if ok && isFunc && m.Pkg() != c.pass.Pkg {
			completeAll(m, pd.Sites, m.Pkg(), "")
		}
	}
	for _, f := range c.pass.AllPackageFacts() {
		pp, ok := f.Fact.(*PendingPorts)
		if !ok || f.Package == c.pass.Pkg {
			continue
		}
		for _, port := range pp.Ports {
			if m := c.calls.MethodByKey(port.Method); m != nil {
				completeAll(m, port.Sites, f.Package, f.Package.Path()+":")
			}
		}
	}
	if sites := wired.Added(); sites != nil {
		c.pass.ExportPackageFact(&Wired{calls.WiredSites{Sites: sites}})
	}
}

// complete returns the finding of a pending site left by package user and
// where to report it, or a nil range when this package cannot complete it.
func (c *checker) complete(m *types.Func, s PendingSite, user *types.Package) (string, analysis.Range) {
	return c.completeBy(m, s, user, OtherWrite{})
}

// completeBy is complete for a write chosen among the candidates (by:
// the candidate, whose Via names the port that runs it; zero: none).
func (c *checker) completeBy(m *types.Func, s PendingSite, user *types.Package, by OtherWrite) (string, analysis.Range) {
	need := calls.Effect(s.Need)
	if need == calls.Write && len(s.Others) > 0 {
		// The publish is known; the write is the first candidate port
		// whose implementation writes.
		return c.completeWrite(s, user)
	}
	if by.Method == "" {
		by = OtherWrite{Via: s.Holder, ViaParam: s.HolderParam, Helpers: s.Helpers}
		if !c.viaRunsNow(by) {
			return "", nil // the closure making the call is not run by the port it is handed to
		}
	}
	impl, ch := c.calls.ImplWithEffect(m, need)
	if impl == nil || c.consumerHandler(s, impl) {
		return "", nil // no implementation does it; or the function runs as a consumer handler
	}
	via := short(append(c.viaChain(by, funcName(m, c.pass.Pkg)), ch...))
	publish, write := via, short(s.Known)
	if need == calls.Write {
		publish, write = short(s.Known), via
	}
	var om, oimpl *types.Func
	o := order(s.Order)
	if len(s.Others) > 0 {
		for _, other := range s.Others {
			cand := c.calls.MethodByKey(other.Method)
			if !c.viaRunsNow(other) {
				continue
			}
			if impl, och := c.calls.ImplWithEffect(cand, calls.Write); impl != nil {
				om, oimpl, o = cand, impl, order(other.Order)
				write = short(append(c.viaChain(other, funcName(om, c.pass.Pkg)), och...))
				break
			}
		}
		if om == nil {
			return "", nil
		}
	}
	site := s.Func + " (" + s.Pos + ")"
	msg := message(site, publish, write, s.Tx, o)
	if impl.Pkg() == c.pass.Pkg && om == nil {
		if decl := c.declOf(impl); decl != nil {
			return msg + " (the interface is implemented here)", decl.Name
		}
	}
	at := c.calls.WiringSite(user, m, s.Recv, c.rep.IsGenerated)
	if !at.IsValid() && om != nil {
		at = c.calls.WiringSite(user, om, s.Recv, c.rep.IsGenerated)
	}
	if !at.IsValid() {
		at = c.calls.ProvideSite(impl, m, c.rep.IsGenerated) // a DI container: fx.Provide(adapter.New)
	}
	if !at.IsValid() && om != nil {
		at = c.calls.ProvideSite(oimpl, om, c.rep.IsGenerated)
	}
	if !at.IsValid() {
		at = c.calls.InterfaceRef(m, c.rep.IsGenerated)
	}
	if !at.IsValid() {
		return "", nil
	}
	return msg + " (wired here)", calls.At(at)
}

// completeWrite completes a site whose publish is known and whose write
// is one of several candidate ports (s.Others).
func (c *checker) completeWrite(s PendingSite, user *types.Package) (string, analysis.Range) {
	for _, other := range s.Others {
		m := c.calls.MethodByKey(other.Method)
		if !c.viaRunsNow(other) {
			continue
		}
		if impl, _ := c.calls.ImplWithEffect(m, calls.Write); impl != nil {
			s.Others = nil
			s.Order = other.Order
			return c.completeBy(m, s, user, other)
		}
	}
	return "", nil
}

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
