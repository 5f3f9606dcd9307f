package ctxcancel

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/report"
)

// A shutdown context handed to a port implemented out of sight (DESIGN.md,
// "the direction problem"): a consume loop that stops on its context hands
// it to a Processor port it declares, and the implementation — which
// commits or publishes with it — lives in a package that does not import
// the loop's. Where the loop is analysed the port call is a pending sink
// (ports.go) and its context is a shutdown source, so no summary carries
// it up: the package records the call in its PendingStops fact instead.
// The first package that sees an implementation of the port reaching a
// sink with that parameter — through the implementation's own pending
// ports, resolved there too (resolveImpl) — completes the site and reports
// it at the wiring that hands the implementation to the loop's code
// (calls.WiringSite: main's consumer.New(processor.New(...)); or the
// container's provide of the implementation, when the root provides the
// loop's type as well), "wired here", and records it in its Wired fact so that its importers stay
// silent (calls.WiredSet). An inbox claim through a port in the
// callback of a transaction port (portgate.go) keeps a commit gated.

// PendingStops is the package fact listing the calls of ports implemented
// out of sight that the package hands a shutdown context to.
type PendingStops struct {
	Sites []StopSite
}

// A StopSite is one such call.
type StopSite struct {
	Method string   // the port (calls.MethodKey)
	Param  int      // its context parameter
	Func   string   // the function that calls it: "Consume"
	Pos    string   // and where: "consumer.go:34"
	Chain  []string // from that function's call of the port: ["consumer.Processor.Handle"]
	Signal string   // the stop signal: "ctx.Err() at consumer.go:29, via Run"
	Loop   string   // the function whose context it is ("consumer.Consumer.Consume")
	Recv   string   // the type whose method calls the port: the wiring that builds it is named
	Arg    string   // the context's text at the call ("ctx")
	Gate   string   // the claim port gating the port's callback (portgate.go)
	GateFn int
	// Where the loop gets its work items (dbtx.go): a query of its own, or
	// ports (calls.MethodKey) the root resolves. A database-only unit run
	// for items the loop selects from the database is harmless.
	Selects bool
	Items   []string
}

// AFact implements analysis.Fact.
func (*PendingStops) AFact() {}

func (p *PendingStops) String() string {
	parts := make([]string, len(p.Sites))
	for i, s := range p.Sites {
		parts[i] = s.Method[strings.LastIndex(s.Method, "/")+1:] + " at " + s.Pos
	}
	return "pendingStops(" + strings.Join(parts, "; ") + ")"
}

// WiredStops lists the pending stop sites a package (or one of its
// dependencies) completed and reported.
type WiredStops struct{ calls.WiredSites }

// AFact implements analysis.Fact.
func (*WiredStops) AFact() {}

const maxStopSites = 8

// addPendingStop records that the use c, of kind port, gets the shutdown
// context of t.
func (s *state) addPendingStop(c *checked, t taint) {
	if s.layer == nil || c.portKey == "" || len(s.pendingStops) >= maxStopSites {
		return
	}
	m := s.portMethod(c.portKey)
	if m == nil || len(s.layer.Implementations(m)) > 0 {
		return // implemented in sight, without a sink
	}
	fn := top(c.fn)
	site := StopSite{Method: calls.MethodKey(m), Param: c.portArg, Func: s.funcName(fn), Pos: s.posText(c.instr.Pos()),
		Chain: c.chain, Loop: s.qualName(fn), Gate: c.gate, GateFn: c.gateFn, Arg: s.argText(c)}
	if t.ungate {
		site.Gate = "" // the caller commits the offset past a failed unit: no redelivery
	}
	if w := s.workItemsOf(c.instr); w.selects() {
		site.Selects = w.query
		for _, m := range w.ports {
			site.Items = append(site.Items, calls.MethodKey(m))
		}
	}
	if c.at != "" && !c.port { // the port is called by a function of another package
		site.Func, site.Pos = c.fix, c.at
	}
	if obj := calls.DeclaredFunc(fn); obj != nil {
		site.Recv = calls.RecvTypeName(obj)
	}
	site.Signal = fmt.Sprintf("stop signal %s at %s", t.sig.what, s.posText(t.sig.pos))
	if t.sig.at != "" {
		site.Signal = fmt.Sprintf("stop signal %s at %s in %s", t.sig.what, t.sig.at, t.sig.loop)
	}
	if len(t.path) > 0 {
		site.Signal += ", via " + chainText(t.path)
	}
	for _, x := range s.pendingStops {
		if x.Method == site.Method && x.Pos == site.Pos {
			return
		}
	}
	s.pendingStops = append(s.pendingStops, site)
}

// exportPendingStops exports the package's PendingStops fact.
func (s *state) exportPendingStops() {
	if len(s.pendingStops) > 0 {
		slices.SortFunc(s.pendingStops, func(a, b StopSite) int { return strings.Compare(a.Pos+a.Method, b.Pos+b.Method) })
		s.pass.ExportPackageFact(&PendingStops{Sites: s.pendingStops})
	}
}

// completePendingStops completes the sites that dependencies left
// pending, where this package sees an implementation that reaches a sink.
func (s *state) completePendingStops() {
	if s.layer == nil || calls.TestSupport(s.pass.Pkg) {
		return
	}
	wired := calls.ReadWired(s.pass)
	for _, f := range s.pass.AllPackageFacts() {
		ps, ok := f.Fact.(*PendingStops)
		if !ok || f.Package == s.pass.Pkg {
			continue
		}
		for _, site := range ps.Sites {
			id := f.Package.Path() + ":" + site.Method + "@" + site.Pos
			if wired.Done(id) {
				continue
			}
			if s.completeStop(f.Package, site) {
				wired.Add(id)
			}
		}
	}
	if sites := wired.Added(); sites != nil {
		s.pass.ExportPackageFact(&WiredStops{calls.WiredSites{Sites: sites}})
	}
}

// completeStop reports site, left by package user, when an implementation
// of its port that the package wires reaches a sink with the context.
func (s *state) completeStop(user *types.Package, site StopSite) bool {
	m := s.layer.MethodByKey(site.Method)
	if m == nil {
		return false
	}
	for _, impl := range s.layer.WiredImplementations(m) {
		kind, chain, ok := s.resolveImpl(impl, site.Param, 0)
		if !ok || plainKind(kind) == apis.SinkTx && s.gateHolds(site.Gate, site.GateFn, m) {
			continue
		}
		if kind == sinkDBTx {
			if s.siteSelects(site) {
				continue // a database-only unit for an item the next sweep selects again
			}
			kind = apis.SinkTx
		}
		at := s.layer.WiringSite(user, m, site.Recv, s.r.IsGenerated)
		if !at.IsValid() && (site.Recv == "" || s.layer.ProvidesType(user, site.Recv, s.r.IsGenerated)) {
			at = s.layer.ProvideSite(impl, m, s.r.IsGenerated) // the container builds the loop's type too
		}
		if !at.IsValid() {
			continue
		}
		reach := append([]string{funcname.Code(impl, s.pass.Pkg)}, chain...)
		unit := "message"
		if kind == apis.SinkTx {
			unit = "transaction"
		}
		cs := []*checked{{use: use{kind: kind}}}
		s.r.Report(calls.At(at), fmt.Sprintf(
			"%s is cancelled on shutdown (%s in %s) and reaches %s (%s, %s) → %s: %s; have %s build the %s context from context.WithTimeout(context.WithoutCancel(%s), d) and check %s.Done() only between %s (wired here)",
			site.Arg, site.Signal, site.Loop, funcname.Code(m, s.pass.Pkg), site.Func, site.Pos, chainText(reach), consequence(cs, unit), site.Func, unit, site.Arg, site.Arg, between(unit)),
			report.Category("shutdown"))
		return true
	}
	return false
}

// siteSelects reports whether the loop of site selects its work items
// from the database, by its own query or through a port whose
// implementation this package sees.
func (s *state) siteSelects(site StopSite) bool {
	if site.Selects {
		return true
	}
	var ports []*types.Func
	for _, key := range site.Items {
		if m := s.layer.MethodByKey(key); m != nil {
			ports = append(ports, m)
		}
	}
	return s.portsReadItems(ports)
}

// maxPortDepth bounds the pending ports followed through implementations.
const maxPortDepth = 3

// resolveImpl returns the sink that parameter param of impl (a method
// implementing a port) reaches, as this package sees it: a library sink
// it is, a sink of its summary, or one reached through a port of its own
// (a pending sink of its summary) that an implementation in sight
// resolves. Gated commits do not count; a database-only unit's keeps its
// kind (sinkDBTx) for the caller to decide.
func (s *state) resolveImpl(impl *types.Func, param, depth int) (apis.SinkKind, []string, bool) {
	if kind, i := s.sinkKind(impl); kind != "" {
		return kind, []string{sinkName(impl)}, i == param
	}
	for _, ps := range s.summaryOfObj(impl) {
		if ps.Param != param || len(ps.Chain) == 0 {
			continue
		}
		kind := apis.SinkKind(ps.Kind)
		switch {
		case plainKind(kind) == apis.SinkTx || kind == apis.SinkPublish:
			return kind, ps.Chain, true
		case kind == sinkPort && depth < maxPortDepth:
			m := s.portMethod(ps.Port)
			if m == nil {
				continue
			}
			for _, next := range s.layer.Implementations(m) {
				k, ch, ok := s.resolveImpl(next, ps.PortArg, depth+1)
				if !ok || plainKind(k) == apis.SinkTx && s.gateHolds(ps.Gate, ps.GateFn, m) {
					continue
				}
				return k, append(append(slices.Clip(ps.Chain), funcname.Code(next, s.pass.Pkg)), ch...), true
			}
		}
	}
	return "", nil, false
}

// pendingStopsInReach reports whether a dependency left pending stop
// sites: the package may complete them (the gate of relevant).
func pendingStopsInReach(pass *analysis.Pass) bool {
	for _, f := range pass.AllPackageFacts() {
		if _, ok := f.Fact.(*PendingStops); ok {
			return true
		}
	}
	return false
}
