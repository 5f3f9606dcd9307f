package ctxcancel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/report"
)

// A checked use: a sink use and the origins of its context.
type checked struct {
	use
	origins []origin
	fn      *ssa.Function
}

func (c *checked) has(k originKind) bool {
	for _, o := range c.origins {
		if o.kind == k {
			return true
		}
	}
	return false
}

// detached reports whether every origin of the context is detached.
func (c *checked) detached() bool {
	for _, o := range c.origins {
		if o.kind != oDetached {
			return false
		}
	}
	return len(c.origins) > 0
}

// callerCtx reports whether the context is a parameter of the function
// that encloses the use (its literals' own parameters belong to other
// batches): it may carry the caller's cancellation.
func (c *checked) callerCtx() bool {
	t := top(c.fn)
	for _, o := range c.origins {
		if o.kind == oParam && o.fn == t {
			return true
		}
	}
	return false
}

// check applies the three rules to every sink use of the package.
func (s *state) check() {
	groups := make(map[*ssa.Function][]*checked)
	var calls [][]*checked
	for _, fn := range s.ssa.SrcFuncs {
		eachCall(fn, func(instr ssa.CallInstruction) {
			var cs []*checked
			for _, u := range s.sinkUses(instr) {
				os := s.useOrigins(u)
				if o, ok := s.importedSource(u); ok {
					os = append(os, o)
				}
				u.kind = plainKind(u.kind) // undecided here: a plain transaction
				cs = append(cs, &checked{use: u, origins: os, fn: fn})
			}
			if len(cs) > 0 {
				calls = append(calls, cs)
				groups[top(fn)] = append(groups[top(fn)], cs...)
			}
		})
	}
	reported := s.checkShutdown(calls, groups)
	done := make(map[*ssa.Function]bool)
	for _, cs := range calls {
		t := top(cs[0].fn)
		s.checkUntimed(cs)
		if !done[t] {
			done[t] = true
			s.checkMixed(groups[t], reported)
		}
	}
}

// checkUntimed applies rule 3 (a detached context without a timeout) to
// the sink uses of one call, with one diagnostic that names every chain.
func (s *state) checkUntimed(cs []*checked) {
	var untimed []*checked
	var det origin
	for _, c := range cs {
		if c.has(oSource) && c.kind != sinkGatedTx || c.kind == sinkPort {
			continue // rule 1, or not a sink here
		}
		if o, ok := c.find(func(o origin) bool { return o.kind == oDetached && !o.timed && !c.timed }); ok {
			if len(untimed) == 0 {
				det = o
			}
			untimed = append(untimed, c)
		}
	}
	if len(untimed) > 0 {
		c := untimed[0]
		s.r.Report(s.callNode(c.instr), fmt.Sprintf(
			"%s is detached with context.WithoutCancel (at %s) but has no timeout when it reaches %s: "+
				"a hung database or broker holds shutdown until SIGKILL; use context.WithTimeout(context.WithoutCancel(ctx), d)",
			detachedArg(s.argText(c)), s.posText(det.pos), chains(untimed)),
			report.Category("notimeout"),
			report.Related(rng(det.pos), "detached here"))
	}
}

func (c *checked) find(pred func(origin) bool) (origin, bool) {
	for _, o := range c.origins {
		if pred(o) {
			return o, true
		}
	}
	return origin{}, false
}

// chains names the chains of cs: "processOneBatch → writer.WriteMessages and processOneBatch → tx.Commit".
func chains(cs []*checked) string {
	var out []string
	for _, c := range cs {
		t := chainText(c.chain)
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return strings.Join(out, " and ")
}

// checkMixed applies rule 2: in one function, a transaction on a detached
// context and a publish on a cancelable one (or the reverse).
func (s *state) checkMixed(uses []*checked, shutdown map[ssa.CallInstruction]bool) {
	var guarded = map[apis.SinkKind]*checked{}
	for _, c := range uses {
		if c.detached() && guarded[c.kind] == nil {
			guarded[c.kind] = c
		}
	}
	reported := make(map[ssa.CallInstruction]bool)
	for _, c := range uses {
		if c.kind == sinkGatedTx || c.kind == sinkPort || !c.callerCtx() || c.has(oSource) || reported[c.instr] || shutdown[c.instr] {
			continue // rule 1 reports shutdown contexts
		}
		other := apis.SinkTx
		if c.kind == apis.SinkTx {
			other = apis.SinkPublish
		}
		g := guarded[other]
		if g == nil {
			continue
		}
		var msg string
		if c.kind == apis.SinkPublish {
			msg = fmt.Sprintf("%s gets %s, which keeps its caller's cancellation, while the transaction (%s) is protected with context.WithoutCancel: "+
				"SIGTERM fails the publish and the batch is lost exactly where it was guarded; give both the same context.WithTimeout(context.WithoutCancel(ctx), d)",
				chainText(c.chain), s.argText(c), chainText(g.chain))
		} else {
			msg = fmt.Sprintf("%s gets %s, which keeps its caller's cancellation, while the publish (%s) is protected with context.WithoutCancel: "+
				"SIGTERM rolls the transaction back after the messages went out, and the retry publishes them again; give both the same context.WithTimeout(context.WithoutCancel(ctx), d)",
				chainText(c.chain), s.argText(c), chainText(g.chain))
		}
		opts := []report.Option{report.Category("mixed"), report.Related(s.callNode(g.instr), "protected here")}
		if fix, ok := s.reuseFix(c, g); ok {
			opts = append(opts, report.Fixes(fix))
		}
		reported[c.instr] = true
		s.r.Report(s.callNode(c.instr), msg, opts...)
	}
}

// guardFix offers to hand c the detached context with a deadline that
// another sink of the same function already gets.
func (s *state) guardFix(c *checked, group []*checked) []report.Option {
	for _, g := range group {
		if g == c || !g.detached() || !g.timedAll() {
			continue
		}
		if fix, ok := s.reuseFix(c, g); ok {
			return []report.Option{report.Fixes(fix)}
		}
	}
	return nil
}

// timedAll reports whether every origin carries a deadline.
func (c *checked) timedAll() bool {
	for _, o := range c.origins {
		if !o.timed && !c.timed {
			return false
		}
	}
	return true
}

func consequence(cs []*checked, unit string) string {
	tx, pub := false, false
	for _, c := range cs {
		tx = tx || c.kind == apis.SinkTx
		pub = pub || c.kind == apis.SinkPublish
	}
	switch {
	case tx && pub:
		return "SIGTERM leaves the " + unit + " half done (published but rolled back, or committed but not published)"
	case pub:
		return "SIGTERM fails the publish: the " + unit + " is lost or sent again"
	}
	return "SIGTERM rolls the " + unit + " back"
}

// unitWord names the unit of work the sinks of cs serve: "batch" only for
// batches (a function on the way named for a batch, a tick, a flush, a
// relay or an outbox), otherwise the per-message unit: "message" for a
// publish, "transaction" for a commit.
func unitWord(cs []*checked, path []string) string {
	names := slices.Clone(path)
	pub := false
	for _, c := range cs {
		names = append(names, c.chain...)
		names = append(names, c.fix)
		pub = pub || c.kind == apis.SinkPublish
	}
	for _, name := range names {
		n := strings.ToLower(name)
		for _, w := range []string{"batch", "tick", "flush", "relay", "outbox"} {
			if strings.Contains(n, w) {
				return "batch"
			}
		}
	}
	if pub {
		return "message"
	}
	return "transaction"
}

// between names what a stop check goes between: batches or messages.
func between(unit string) string {
	if unit == "batch" {
		return "batches"
	}
	return "messages"
}

func chainText(chain []string) string { return strings.Join(chain, " → ") }

// callNode returns the syntax of instr's call, for reporting.
func (s *state) callNode(instr ssa.CallInstruction) analysis.Range {
	if call := s.calls[instr.Common().Pos()]; call != nil {
		return call
	}
	return rng(instr.Pos())
}

// argText returns the source text of the context argument.
func (s *state) argText(c *checked) string {
	if e := s.argExpr(c); e != nil {
		if t := exprText(e); len(t) <= 40 {
			if c.field > 0 {
				t0 := c.arg.Type()
				if c.fieldOf != nil {
					t0 = c.fieldOf
				}
				return t + "." + fieldName(t0, c.field-1)
			}
			return t
		}
	}
	return "the context"
}

// fieldName returns the name of field i of the struct t points to.
func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i >= 0 && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return "ctx"
}

func (s *state) argExpr(c *checked) ast.Expr {
	call := s.calls[c.instr.Common().Pos()]
	if call == nil {
		return nil
	}
	if c.argIdx == -1 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X // the receiver
		}
	}
	if c.argIdx < 0 || c.argIdx >= len(call.Args) {
		return nil
	}
	return call.Args[c.argIdx]
}

func (s *state) posText(pos token.Pos) string {
	p := s.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

type posRange token.Pos

func (p posRange) Pos() token.Pos { return token.Pos(p) }
func (p posRange) End() token.Pos { return token.Pos(p) }

func rng(pos token.Pos) analysis.Range { return posRange(pos) }

// detachedArg avoids "context.WithoutCancel(ctx) is detached with context.WithoutCancel".
func detachedArg(arg string) string {
	if strings.HasPrefix(arg, "context.WithoutCancel(") {
		return "the context"
	}
	return arg
}
