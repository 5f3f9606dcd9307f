package lossypublish

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// A mark is a call recording a relayed row as published, or (kind
// inputMark, commitMark) a consumed input as handled.
type mark struct {
	call *ast.CallExpr
	what string // "UPDATE", "DELETE", "MarkEventAsSent", "kafka.(*Consumer).Commit → (*kafka.Reader).CommitMessages"
	kind markKind
}

// checkRelay reports, in one function body, each publish that cannot
// report a loss (or writes one message per call) followed by a mark of
// the row: the relay believes the broker has what it may never get.
func (c *checker) checkRelay(body *ast.BlockStmt) {
	sites := c.sitesIn(body)
	pending := c.pendingCalls(body, sites)
	if len(sites) == 0 && len(pending) == 0 {
		return
	}
	marks := c.marksIn(body)
	var inputs []mark
	if anyLossy(sites) {
		inputs = c.inputMarksIn(body)
	}
	if len(marks) == 0 && len(inputs) == 0 {
		return
	}
	for _, p := range pending {
		if mk := firstAfter(marks, p.call.End()); mk != nil {
			c.addPending(body, p.call, p.method, mk)
		}
	}
	for _, s := range sites {
		m := firstAfter(marks, s.call.End())
		if s.lossy {
			m = earlier(m, firstAfter(inputs, s.call.End()))
		}
		if m == nil || c.reported[s.call.Pos()] {
			continue
		}
		if s.lossy && s.awaitable && c.awaitedAfter(body, s.call.End(), m.call.Pos()) {
			continue
		}
		c.reported[s.call.Pos()] = true
		line := c.pass.Fset.Position(m.call.Pos()).Line
		c.rep.Reportf(s.call, "%s (%s, line %d) after %s: %s", m.kind.verb(), m.what, line, c.describe(s), s.advice)
	}
}

// pendingCall is a call through an interface whose implementations are
// out of sight: a relay site if a mark follows.
type pendingCall struct {
	call   *ast.CallExpr
	method *types.Func
}

// pendingCalls returns the calls of body through interfaces whose
// implementations are out of sight (see pendingMethod).
func (c *checker) pendingCalls(body *ast.BlockStmt, sites []*site) []pendingCall {
	known := make(map[*ast.CallExpr]bool, len(sites))
	for _, s := range sites {
		known[s.call] = true
	}
	var out []pendingCall
	inspectEvaluated(body, func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok || known[call] {
			return
		}
		if m := c.pendingMethod(call); m != nil {
			out = append(out, pendingCall{call, m})
		}
	})
	return out
}

// describe names a site's publish: the library call and its configuration,
// through the chain of the analysed code's functions when there is one.
func (c *checker) describe(s *site) string {
	if s.via == "" {
		return s.what
	}
	return s.via + " → " + s.what
}

// marksIn returns the marks body evaluates, in source order (callbacks
// included, goroutines not).
func (c *checker) marksIn(body ast.Node) []mark {
	var out []mark
	inspectEvaluated(body, func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok {
			if what, ok := c.marks.Mark(call); ok {
				out = append(out, mark{call: call, what: what})
			}
		}
	})
	return out
}

func firstAfter(marks []mark, pos token.Pos) *mark {
	for i := range marks {
		if marks[i].call.Pos() >= pos {
			return &marks[i]
		}
	}
	return nil
}

// checkLibraryPublishers reports lossy (or one-message) publishes in
// methods an outbox library calls, once per row, before it marks the row
// itself (oagudo/outbox's Reader deletes the row once
// MessagePublisher.Publish returns nil).
func (c *checker) checkLibraryPublishers() {
	for _, fn := range c.pubs.Funcs() {
		decl := c.pubs.Decl(fn)
		lib := apis.OutboxLibraryPublish(fn)
		if lib == (apis.Func{}) || decl.Body == nil {
			continue
		}
		sum := c.summary(fn)
		s := c.sites[fn]
		if sum == nil || s == nil || c.reported[s.call.Pos()] {
			continue
		}
		c.reported[s.call.Pos()] = true
		c.rep.Reportf(s.call, "the outbox library marks the row published once this %s returns nil (it implements %s), after %s: %s", fn.Name(), lib.ShortName(), c.describe(s), s.advice)
	}
}
