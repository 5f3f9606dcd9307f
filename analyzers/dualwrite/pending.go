package dualwrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"

	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/report"
)

// Interfaces implemented out of sight. A use case often declares the
// interface it needs (OrderEventWriter, OrderRepo) and an adapter package
// that imports the use case implements it: where the call is made, no
// implementation is in sight, so one side of the dual write is unknown.
// The use case's package records the site as a Pending fact on the
// interface method, with the side it knows; the package that declares an
// implementation (and imports the use case, so it sees the fact) completes
// the chain and reports there, naming the site.

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
}

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
	if !ok || fn.Pkg() != c.pass.Pkg {
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

func hasKnown(evs []*event) bool {
	for _, e := range evs {
		if e.pending == nil {
			return true
		}
	}
	return false
}

// addPending records a finding whose publish or write is the call of an
// interface method implemented out of sight.
func (c *checker) addPending(name string, p, w *event, o order, txDesc string) {
	var m *types.Func
	var need calls.Effect
	var known []string
	switch {
	case p.pending != nil && w.pending == nil:
		m, need, known = p.pending, calls.Publish, w.chain
	case w.pending != nil && p.pending == nil:
		m, need, known = w.pending, calls.Write, p.chain
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
	call := p.call
	if need == calls.Write {
		call = w.call
	}
	pos := c.pass.Fset.Position(call.Pos())
	pd.Sites = append(pd.Sites, PendingSite{
		Func: name, Pos: fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line),
		Need: uint8(need), Order: uint8(o), Known: known, Tx: txDesc,
	})
}

func (c *checker) exportPending() {
	for m, pd := range c.pend {
		c.pass.ExportObjectFact(m, pd)
	}
}

// reportPending completes the sites that dependencies left pending on
// their interface methods, at the implementations this package declares.
func (c *checker) reportPending() {
	for _, f := range c.pass.AllObjectFacts() {
		pd, ok := f.Fact.(*Pending)
		m, isFunc := f.Object.(*types.Func)
		if !ok || !isFunc || m.Pkg() == c.pass.Pkg {
			continue
		}
		for _, impl := range c.calls.Implementations(m) {
			if impl.Pkg() != c.pass.Pkg {
				continue
			}
			decl := c.declOf(impl)
			if decl == nil {
				continue
			}
			for _, s := range pd.Sites {
				ch := c.calls.FuncChain(impl, calls.Effect(s.Need))
				if ch == nil {
					continue
				}
				via := short(append([]string{funcName(m, c.pass.Pkg)}, ch...))
				site := s.Func + " (" + s.Pos + ")"
				var msg string
				if calls.Effect(s.Need) == calls.Publish {
					msg = message(site, via, short(s.Known), s.Tx, order(s.Order))
				} else {
					msg = message(site, short(s.Known), via, s.Tx, order(s.Order))
				}
				c.rep.Report(decl.Name, msg+" (the interface is implemented here)", report.Category("dualwrite"))
			}
		}
	}
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
