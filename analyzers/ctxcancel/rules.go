package ctxcancel

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
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
	return len(c.origins) > 0 && !c.has(oSource) && !c.has(oParam)
}

// cancelable reports whether the context may carry its caller's cancellation.
func (c *checked) cancelable() bool { return c.has(oParam) || c.has(oSource) }

// check applies the three rules to every sink use of the package.
func (s *state) check() {
	groups := make(map[*ssa.Function][]*checked)
	var order []*ssa.Function
	for _, fn := range s.ssa.SrcFuncs {
		eachCall(fn, func(instr ssa.CallInstruction) {
			for _, u := range s.sinkUses(instr) {
				c := &checked{use: u, origins: s.origins(u.arg), fn: fn}
				s.checkUse(c)
				t := top(fn)
				if groups[t] == nil {
					order = append(order, t)
				}
				groups[t] = append(groups[t], c)
			}
		})
	}
	for _, t := range order {
		s.checkMixed(groups[t])
	}
}

// checkUse applies rules 1 (shutdown context reaches a sink) and 3
// (detached context without a timeout).
func (s *state) checkUse(c *checked) {
	for _, o := range c.origins {
		if o.kind == oSource {
			s.r.Report(s.callNode(c.instr), fmt.Sprintf(
				"%s is cancelled on shutdown (stop signal %s at %s) and reaches %s: SIGTERM cancels it mid-flight and %s; "+
					"build the batch context from context.WithTimeout(context.WithoutCancel(%s), d) and check %s.Done() only between batches",
				s.argText(c), o.what, s.posText(o.pos), chainText(c.chain), consequence(c.kind), s.argText(c), s.argText(c)),
				report.Category("shutdown"),
				report.Related(rng(o.pos), "stop signal"))
			return
		}
	}
	for _, o := range c.origins {
		if o.kind == oDetached && !o.timed && !c.timed {
			s.r.Report(s.callNode(c.instr), fmt.Sprintf(
				"%s is detached with context.WithoutCancel (at %s) but has no timeout when it reaches %s: "+
					"a hung database or broker holds shutdown until SIGKILL; use context.WithTimeout(context.WithoutCancel(ctx), d)",
				s.argText(c), s.posText(o.pos), chainText(c.chain)),
				report.Category("notimeout"),
				report.Related(rng(o.pos), "detached here"))
			return
		}
	}
}

// checkMixed applies rule 2: in one function, a transaction on a detached
// context and a publish on a cancelable one (or the reverse).
func (s *state) checkMixed(uses []*checked) {
	var guarded = map[apis.SinkKind]*checked{}
	for _, c := range uses {
		if c.detached() && guarded[c.kind] == nil {
			guarded[c.kind] = c
		}
	}
	for _, c := range uses {
		if !c.cancelable() || c.has(oSource) {
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
		s.r.Report(s.callNode(c.instr), msg, opts...)
	}
}

func consequence(k apis.SinkKind) string {
	if k == apis.SinkPublish {
		return "the publish fails after the transaction that fed it"
	}
	return "the batch rolls back"
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
			return t
		}
	}
	return "the context"
}

func (s *state) argExpr(c *checked) ast.Expr {
	call := s.calls[c.instr.Common().Pos()]
	if call == nil || c.argIdx < 0 || c.argIdx >= len(call.Args) {
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
