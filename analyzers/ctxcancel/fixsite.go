package ctxcancel

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/report"
)

// Rule 1 is reported where the fix goes: at the function that hands the
// shutdown context to the commit or the publish, not at the call in main
// or in the consume loop that passes it down.
//
// From each use whose context is a shutdown source, the source travels
// down the static calls into the functions of this package (a parameter
// at a time, as their summaries say), and the finding is made at the last
// call on the way that hands the context to a library sink, to a project
// interface that reaches one (the use case's port: its implementation is
// chosen by the wiring and may serve other callers), or to a function of
// another package. A pass reports only in its own package's files, and
// facts travel only from a package to its importers, so when the sink lies
// in a package the source's package imports, the finding stays at the call
// that leaves this package and names the function there that must change
// and the line where it reaches the sink (ParamSink.Fix and At).
//
// One finding per call: several sources, or several paths from one
// source, reaching the same call give one diagnostic that names the first
// source found (sources in the order of the package's functions).

// maxDescent bounds how many functions a source travels down.
const maxDescent = 16

// A taint is a shutdown source that reached a parameter of a function of
// this package.
type taint struct {
	sig    origin // the source
	from   *ssa.Function
	path   []string              // the functions from the source's down to here
	ungate bool                  // the caller commits the offset past a failed unit: an inbox gate does not hold
	boot   bool                  // one-shot work that main runs at startup on the signal context
	calls  []ssa.CallInstruction // the calls descended through, one per function (keepsinput.go)
}

type paramKey struct {
	fn           *ssa.Function
	param, field int
}

// shutdownFinding is what rule 1 reports at one call.
type shutdownFinding struct {
	instr ssa.CallInstruction
	t     taint
	uses  []*checked
}

// checkShutdown applies rule 1 to the sink uses of the package: uses
// maps each top-level function to its uses (its literals' included).
func (s *state) checkShutdown(calls [][]*checked, uses map[*ssa.Function][]*checked) map[ssa.CallInstruction]bool {
	found := make(map[ssa.CallInstruction]*shutdownFinding)
	var order []*shutdownFinding
	type entered struct {
		k      paramKey
		ungate bool
	}
	tainted := make(map[entered]bool) // a path that commits past a failure is followed even if another entered first
	type item struct {
		c *checked
		t taint
	}
	var work []item
	for _, cs := range calls {
		for _, c := range cs {
			if o, ok := c.find(func(o origin) bool { return o.kind == oSource }); ok {
				work = append(work, item{c, taint{sig: o, from: top(c.fn), boot: s.startupCall(c, o)}})
			}
		}
	}
	for len(work) > 0 {
		it := work[0]
		work = work[1:]
		c, t := it.c, it.t
		kind := c.kind
		if kind == sinkGatedTx && t.ungate {
			kind = apis.SinkTx
		}
		if kind == sinkGatedTx {
			continue // an inbox-gated unit (a cut rolls the claim back too)
		}
		if kind == sinkPort && c.via == nil {
			s.addPendingStop(c, t) // a port not resolved here: completed at the wiring (pendingstops.go)
			continue
		}
		if c.via != nil && len(t.path) < maxDescent {
			off := 0
			if c.via.Signature.Recv() != nil && c.via.Parent() == nil {
				off = 1
			}
			k := paramKey{c.via, c.argIdx + off, c.field}
			if c.argIdx < 0 {
				k.param = 0 // the receiver
			}
			next := taint{sig: t.sig, from: t.from, boot: t.boot, path: append(slices.Clip(t.path), s.funcName(top(c.fn))),
				ungate: t.ungate || c.kind == apis.SinkTx && s.gatedBelow(c), calls: append(slices.Clip(t.calls), c.instr)}
			var inner []item
			for _, d := range uses[top(c.via)] { // its literals' uses too
				if d.passesParam(k) {
					inner = append(inner, item{d, next})
				}
			}
			if e := (entered{k, next.ungate}); tainted[e] {
				continue
			} else if len(inner) > 0 { // else the summary saw more than the uses show: report here
				tainted[e] = true
				work = append(work, inner...)
				continue
			}
		}
		if kind == sinkPort {
			s.addPendingStop(c, t)
			continue
		}
		if kind == apis.SinkPublish && len(c.chain) == 1 && s.cutKeepsInput(append(slices.Clip(t.calls), c.instr), t.sig.pos) {
			continue // a failed publish keeps the message uncommitted (keepsinput.go)
		}
		f := found[c.instr]
		if f == nil {
			f = &shutdownFinding{instr: c.instr, t: t}
			found[c.instr] = f
			order = append(order, f)
		}
		if !slices.ContainsFunc(f.uses, func(x *checked) bool { return chainText(x.chain) == chainText(c.chain) }) {
			cc := *c
			cc.kind = kind
			f.uses = append(f.uses, &cc)
		}
	}
	reported := make(map[ssa.CallInstruction]bool)
	for _, f := range order {
		s.reportShutdown(f, uses[top(f.instr.Parent())], found)
		reported[f.instr] = true
	}
	return reported
}

// passesParam reports whether the use hands the sink the context of
// parameter k of its top-level function.
func (c *checked) passesParam(k paramKey) bool {
	if !within(c.fn, k.fn) {
		return false
	}
	for _, o := range c.origins {
		if o.kind == oParam && o.fn == k.fn && o.param == k.param && o.field == k.field {
			return true
		}
	}
	return false
}

// gatedBelow reports whether the callee's summary says its transaction is
// inbox-gated while the call site turned it into a plain one (the caller
// commits the offset past a failure).
func (s *state) gatedBelow(c *checked) bool {
	for _, ps := range s.summaryOf(c.via) {
		if apis.SinkKind(ps.Kind) == sinkGatedTx {
			return true
		}
	}
	return false
}

// reportShutdown reports one rule-1 finding.
func (s *state) reportShutdown(f *shutdownFinding, group []*checked, all map[ssa.CallInstruction]*shutdownFinding) {
	c := f.uses[0]
	arg := s.argText(c)
	// The consequence covers every sink the function hands the shutdown
	// context to: a commit and a publish cut apart leave the unit half done.
	var siblings []*checked
	for _, g := range all {
		if top(g.instr.Parent()) == top(f.instr.Parent()) {
			siblings = append(siblings, g.uses...)
		}
	}
	unit := unitWord(f.uses, append(slices.Clip(f.t.path), s.funcName(top(f.instr.Parent())))) // this finding's own chains: another call of the function may run a batch
	src := fmt.Sprintf("stop signal %s at %s", f.t.sig.what, s.posText(f.t.sig.pos))
	if f.t.sig.at != "" { // the loop of another package, made a source by this call
		src = fmt.Sprintf("stop signal %s at %s in %s", f.t.sig.what, f.t.sig.at, f.t.sig.loop)
	}
	if len(f.t.path) > 0 {
		src += ", via " + chainText(f.t.path)
	}
	s.r.Report(s.callNode(f.instr), fmt.Sprintf(
		"%s is cancelled on shutdown (%s) and reaches %s: %s; %s",
		arg, src, s.reachText(f.uses), consequence(siblings, unit), s.shutdownFix(f, arg, unit)+s.bootNote(f)),
		append([]report.Option{report.Category("shutdown"), report.Related(rng(f.t.sig.pos), "stop signal")}, s.guardFix(c, group)...)...)
}

// reachText names the chains of the uses, with the place in another
// package where the context reaches the sink.
func (s *state) reachText(cs []*checked) string {
	var out []string
	for _, c := range cs {
		t := chainText(c.chain)
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return strings.Join(out, " and ")
}

// shutdownFix says what to write, where it goes.
func (s *state) shutdownFix(f *shutdownFinding, arg, unit string) string {
	c := f.uses[0]
	if f.t.sig.loop != "" {
		return fmt.Sprintf("have %s build the %s context from context.WithTimeout(context.WithoutCancel(ctx), d) and check ctx.Done() only between %s", f.t.sig.loop, unit, between(unit))
	}
	if c.via == nil && c.at != "" && c.fix != "" && !adapterCall(c) { // the fix is deeper in another package
		return fmt.Sprintf("keep %s for stopping, and have %s (%s) run each %s on context.WithTimeout(context.WithoutCancel(ctx), d)", arg, c.fix, c.at, unit)
	}
	if len(f.t.path) == 0 && strings.HasPrefix(f.t.sig.what, "ctx.") { // the worker loop itself
		return fmt.Sprintf("build the %s context from context.WithTimeout(context.WithoutCancel(%s), d) and check %s.Done() only between %s", unit, arg, arg, between(unit))
	}
	if len(f.t.path) > 0 {
		return fmt.Sprintf("give it context.WithTimeout(context.WithoutCancel(%s), d) here or in %s", arg, f.t.path[0])
	}
	return fmt.Sprintf("give it context.WithTimeout(context.WithoutCancel(%s), d) so that work already started can finish", arg)
}

// within reports whether fn is outer or a literal inside it.
func within(fn, outer *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		if fn == outer {
			return true
		}
	}
	return false
}

// adapterCall reports whether the function of another package that c
// calls (or the implementation behind the interface it calls) hands the
// context to the library sink itself, an adapter such as a producer
// wrapper: the fix is then at this call, not inside it.
func adapterCall(c *checked) bool {
	k := 0
	if c.port {
		k = 1
	}
	if len(c.chain) != k+2 {
		return false
	}
	name := c.chain[k]
	return name == c.fix || strings.HasSuffix(name, "."+c.fix)
}

// Restartable startup work (a replay that main runs once at boot and that
// re-applies the same changes) is safe to cut: the next start redoes it.
// Whether it re-applies the same changes cannot be told reliably from the
// code, so the finding stays and says what would make it safe.

// startupCall reports whether the use is one-shot work of func main on a
// signal context: the call is in main.main, outside any loop, to a sink
// or a function of package main, and the source is a signal, not a stop
// loop.
func (s *state) startupCall(c *checked, o origin) bool {
	fn := top(c.fn)
	if s.pass.Pkg.Name() != "main" || fn.Name() != "main" || fn.Signature.Recv() != nil || c.fn != fn {
		return false
	}
	if strings.HasPrefix(o.what, "ctx.") || c.via == nil && len(c.chain) > 1 {
		return false // a stop loop, or a function of another package (a worker's Run, not a step of main's own)
	}
	b := c.instr.Block()
	return b != nil && !s.inLoop(fn, b)
}

// bootNote is the message's tail for startup work.
func (s *state) bootNote(f *shutdownFinding) string {
	if !f.t.boot {
		return ""
	}
	return "; startup work is safe only if a restart re-applies the same changes harmlessly (then //idemlint:ignore ctxcancel <reason>)"
}
