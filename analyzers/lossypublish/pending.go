package lossypublish

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/relaymark"
)

// Relays whose publisher is implemented out of sight. The relay calls an
// interface method (am.MessagePublisher.Publish) whose implementation
// lives in a package the relay's package does not import; the
// composition root wires one into the other. The relay's package records
// the site as a RelayPending fact on the relay function; the first
// package that sees it and a lossy implementation of the method
// completes it and reports at the place that builds the relay's package's
// values (calls.WiringSite) — or, under a dependency-injection container
// (fx.Provide), where the implementation's constructor is handed to it
// (calls.ProvideSite) — naming the relay and the implementation,
// then records the site in its Wired package fact so that its importers
// stay silent.

// RelayPending lists a relay function's publishes through interface
// methods whose implementations were out of sight.
type RelayPending struct {
	Sites []RelaySite
}

// A RelaySite is one publish of a relay through an interface method.
type RelaySite struct {
	Method string // calls.MethodKey of the interface method
	Pos    string // the call: "outbox.go:34"
	Mark   string // the mark that follows it: "MarkPublished, line 38"
}

// AFact implements analysis.Fact.
func (*RelayPending) AFact() {}

func (p *RelayPending) String() string {
	s := "relayPending("
	for i, x := range p.Sites {
		if i > 0 {
			s += "; "
		}
		s += x.Method + " at " + x.Pos
	}
	return s + ")"
}

// Wired lists the pending relay sites a package (or one of its
// dependencies) completed and reported.
type Wired struct{ calls.WiredSites }

// AFact implements analysis.Fact.
func (*Wired) AFact() {}

const maxPendingSites = 8

// pendingMethod returns the interface method call makes when it may be
// completed elsewhere: a publish-named method of a named interface of the
// project (by its import path's root: not the standard library's, not a
// broker client's) none of whose implementations in sight publishes
// lossily.
func (c *checker) pendingMethod(call *ast.CallExpr) *types.Func {
	fn := apis.Callee(c.pass.TypesInfo, call)
	if !calls.PublishLike(fn) || !relaymark.SameRoot(fn.Pkg(), c.pass.Pkg) {
		return nil
	}
	for _, impl := range c.calls.Implementations(fn) {
		if sum := c.summary(impl); sum != nil {
			return nil
		}
	}
	return fn
}

// addPending records a relay site completed elsewhere.
func (c *checker) addPending(relay ast.Node, call *ast.CallExpr, m *types.Func, mk *mark) {
	fn := c.enclosingDecl(relay)
	if fn == nil {
		return
	}
	p := c.pending[fn]
	if p == nil {
		p = &RelayPending{}
		c.pending[fn] = p
	}
	if len(p.Sites) >= maxPendingSites {
		return
	}
	p.Sites = append(p.Sites, RelaySite{
		Method: calls.MethodKey(m),
		Pos:    c.where(call.Pos()),
		Mark:   fmt.Sprintf("%s, line %d", mk.what, c.pass.Fset.Position(mk.call.Pos()).Line),
	})
}

// enclosingDecl returns the function declared with body relay, or nil.
func (c *checker) enclosingDecl(relay ast.Node) *types.Func {
	for _, fn := range c.pubs.Funcs() {
		decl := c.pubs.Decl(fn)
		if decl.Body == relay {
			return fn
		}
	}
	return nil
}

// exportPending exports the package's pending relay sites.
func (c *checker) exportPending() {
	for fn, p := range c.pending {
		c.pass.ExportObjectFact(fn, p)
	}
}

// completePending reports the relay sites of other packages that this
// package is the first to see with a lossy implementation.
func (c *checker) completePending() {
	if calls.TestSupport(c.pass.Pkg) {
		return // a test fixture's wiring repeats the real root's
	}
	wired := calls.ReadWired(c.pass)
	for _, f := range c.pass.AllObjectFacts() {
		p, ok := f.Fact.(*RelayPending)
		relay, isFunc := f.Object.(*types.Func)
		if !ok || !isFunc || relay.Pkg() == c.pass.Pkg {
			continue
		}
		for _, s := range p.Sites {
			id := relay.Pkg().Path() + "." + funcname.Code(relay, nil) + "@" + s.Pos
			if wired.Done(id) {
				continue
			}
			m := c.calls.MethodByKey(s.Method)
			impl, sum := c.lossyImplementation(m)
			if sum == nil {
				if c.completeWriter(relay, m, s) { // a value of a type configured per constructor (ctorwriter.go)
					wired.Add(id)
				}
				continue
			}
			at := c.calls.RootWiring(relay.Pkg(), m, impl, calls.RecvTypeName(relay), c.rep.IsGenerated) // or a DI container's fx.Provide(kafka.NewProducer)
			if !at.IsValid() {
				continue
			}
			wired.Add(id)
			c.rep.Reportf(calls.At(at), "relay %s (%s) marks rows published (%s) after %s, wired here to %s → %s: %s",
				funcname.Code(relay, c.pass.Pkg), s.Pos, s.Mark, funcname.Code(m, c.pass.Pkg), funcname.Code(impl, c.pass.Pkg), sum.What, sum.Advice)
		}
	}
	if sites := wired.Added(); sites != nil {
		c.pass.ExportPackageFact(&Wired{calls.WiredSites{Sites: sites}})
	}
}

// lossyImplementation returns an implementation of m the package sees
// whose call cannot report a loss, with what it publishes, preferring a
// lossy one to a one-message-per-call one.
func (c *checker) lossyImplementation(m *types.Func) (*types.Func, *Publishes) {
	if m == nil {
		return nil, nil
	}
	var best *types.Func
	var bestSum *Publishes
	for _, fn := range c.implementations(m, c.pubs.Funcs(), func(f analysis.Fact) bool { _, ok := f.(*Publishes); return ok }) {
		if sum := c.summary(fn); sum != nil && (bestSum == nil || sum.Lossy && !bestSum.Lossy) {
			best, bestSum = fn, sum
		}
	}
	return best, bestSum
}

// implementations returns, in source order, the functions implementing m
// among local (the package's) and the functions of other packages with a
// fact isFact accepts.
func (c *checker) implementations(m *types.Func, local []*types.Func, isFact func(analysis.Fact) bool) []*types.Func {
	var cands []*types.Func
	for _, fn := range local {
		if calls.Implements(fn, m) {
			cands = append(cands, fn)
		}
	}
	for _, f := range c.pass.AllObjectFacts() {
		if !isFact(f.Fact) {
			continue
		}
		if fn, ok := f.Object.(*types.Func); ok && fn.Pkg() != c.pass.Pkg && calls.Implements(fn, m) {
			cands = append(cands, fn)
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := c.pass.Fset.Position(cands[i].Pos()), c.pass.Fset.Position(cands[j].Pos())
		if a.Filename != b.Filename {
			return filepath.ToSlash(a.Filename) < filepath.ToSlash(b.Filename)
		}
		return a.Offset < b.Offset
	})
	return cands
}
