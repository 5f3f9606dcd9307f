package lossypublish

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// Publishes marks a function whose call makes a publish that cannot report
// a loss, or writes one message per call on a batching kafka-go writer,
// so that a relay in another package that calls it and then marks rows is
// reported.
type Publishes struct {
	Via    string // chain to the publish: "(*Producer).Publish → WriteMessages"
	What   string // the publish and its configuration, with its position
	Advice string
	Lossy  bool // false: one message per call (a throughput finding)
}

// AFact implements analysis.Fact.
func (*Publishes) AFact() {}

func (f *Publishes) String() string {
	kind := "oneMessage"
	if f.Lossy {
		kind = "lossy"
	}
	return kind + "(" + f.Via + ")"
}

// summary returns what a call of fn publishes (nil for nothing): its
// Publishes summary (calls.Derived: computed from its body when fn is
// declared in the package, from a fact otherwise).
func (c *checker) summary(fn *types.Func) *Publishes { return c.pubs.Of(fn) }

// computeSummary computes what a call of fn, declared in the package,
// publishes, and records the site it comes from.
func (c *checker) computeSummary(fn *types.Func, decl *ast.FuncDecl) *Publishes {
	best := c.bestSite(decl.Body)
	if best == nil {
		return nil
	}
	via := funcname.Code(fn, nil)
	if best.via != "" {
		via += " → " + best.via
	}
	c.sites[fn] = best
	return &Publishes{Via: via, What: best.what, Advice: best.advice, Lossy: best.lossy}
}

// bestSite returns what a call of a function with this body publishes: its
// lossy site if it has one, else its one-message site, or nil — nil also
// for a relay (a site followed by a mark: what it publishes is reported in
// it, its callers publish nothing) and for an awaitable site whose outcome
// the body awaits.
func (c *checker) bestSite(body *ast.BlockStmt) *site {
	sites := c.sitesIn(body)
	if len(sites) > 0 {
		marks := c.marksIn(body)
		for _, s := range sites {
			if firstAfter(marks, s.call.End()) != nil {
				return nil
			}
		}
	}
	var best *site
	for _, s := range sites {
		if s.lossy && s.awaitable && c.awaitedAfter(body, s.call.End(), body.End()) {
			continue
		}
		if best == nil || s.lossy && !best.lossy {
			best = s
		}
	}
	return best
}

// sitesIn returns the publish sites evaluated by body, in source order:
// its own calls and those of the function literals it passes to a call
// (a retry helper's or a transaction's callback), not of goroutines or of
// literals it returns or stores.
func (c *checker) sitesIn(body ast.Node) []*site {
	var out []*site
	inspectEvaluated(body, func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok {
			if s := c.siteOf(call); s != nil {
				out = append(out, s)
			}
		}
	})
	return out
}

// inspectEvaluated calls f for every node body evaluates when it runs:
// it skips go statements and the function literals that are neither
// passed to a call nor kept in a local variable (those returned or stored
// in a field run elsewhere).
func inspectEvaluated(body ast.Node, f func(ast.Node)) {
	args := make(map[*ast.FuncLit]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			for _, a := range n.Args {
				if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
					args[lit] = true
				}
			}
		case *ast.AssignStmt: // write := func() error {...}; retry(write)
			for i, r := range n.Rhs {
				if lit, ok := ast.Unparen(r).(*ast.FuncLit); ok && i < len(n.Lhs) {
					if _, local := n.Lhs[i].(*ast.Ident); local {
						args[lit] = true
					}
				}
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil:
			return false
		case *ast.GoStmt:
			return false
		case *ast.FuncLit:
			if n != body && !args[n] {
				return false
			}
		}
		f(n)
		return true
	})
}

// siteOf classifies one call: a library publish, or a call of the
// analysed code one of whose targets publishes (calls.Derived: a function
// with a summary or a fact, the implementations in sight of an interface
// method, the functions a function value may hold), a lossy one first.
func (c *checker) siteOf(call *ast.CallExpr) *site {
	if fn := apis.Callee(c.pass.TypesInfo, call); fn != nil {
		if kind := apis.ClassifyPublish(fn); kind != apis.NotPublish {
			return c.librarySite(call, fn, kind)
		}
	}
	var found *site
	for _, t := range c.pubs.CallTargets(call) {
		if t.Lit != nil {
			if s := c.litSite(call, t.Lit); s != nil && (found == nil || !found.lossy && s.lossy) {
				found = s
			}
			continue
		}
		sum := t.Sum
		if sum == nil || found != nil && (found.lossy || !sum.Lossy) {
			continue
		}
		via := sum.Via
		if t.Via != nil {
			via = funcname.Code(t.Via, nil) + " → " + via
		}
		found = &site{call: call, what: sum.What, advice: sum.Advice, lossy: sum.Lossy, via: via}
	}
	if found == nil || !found.lossy {
		if s := c.heldSite(call); s != nil { // a publisher whose channel this package hands its constructor (held.go)
			return s
		}
	}
	return found
}

// awaitedAfter reports whether body waits for a publish outcome between
// from and to (outside goroutines): a DeferredConfirmation's Wait, a
// PubAckFuture's Ok/Err, an AsyncProducer's Successes/Errors.
func (c *checker) awaitedAfter(body ast.Node, from, to token.Pos) bool {
	found := false
	inspectEvaluated(body, func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok && !found && call.Pos() > from && call.Pos() < to {
			fn := apis.Callee(c.pass.TypesInfo, call)
			found = fn != nil && (apis.IsAwaitConfirm(fn) || apis.IsSaramaErrors(fn))
		}
	})
	return found
}
