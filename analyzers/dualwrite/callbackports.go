package dualwrite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/calls"
)

// Ports called inside a callback handed to another port. A use case often
// runs its writes in a function it gives the repository port
// (repo.WithTx(ctx, func(tx *gorm.DB) error { return repo.UpdateBalance(ctx,
// tx, ...) })) and publishes afterwards. The port that takes the callback
// writes nothing itself; the ports called in the callback do, when the
// callback runs. Where the use case is analysed neither implementation is
// in sight, so those calls become candidate writes of the pending site,
// tied to the port and argument that hold them; the package that completes
// the site counts one only when an implementation of that port it wires
// calls the argument before it returns (not in a goroutine, not kept for
// later: a Subscribe that registers a handler does not).

// callbackPortWrites returns the calls of ports made inside the function
// literals passed to the port call, as pending writes held by that port:
// each runs, if at all, during the call.
func (c *checker) callbackPortWrites(call *ast.CallExpr, port *types.Func, tx *calls.Tx) []*event {
	var out []*event
	for i, a := range call.Args {
		lit, ok := ast.Unparen(a).(*ast.FuncLit)
		if !ok {
			continue
		}
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt, *ast.DeferStmt, *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if m := c.calls.Port(n); m != nil && m != port && !calls.PublishLike(m) {
					out = append(out, &event{call: call, kind: calls.Write, chain: []string{funcName(m, nil)}, tx: tx, pending: m, via: port, viaParam: i})
				}
			}
			return true
		})
	}
	return out
}

// otherWrite is the candidate write of a pending site that event w makes.
func otherWrite(w *event, o order) OtherWrite {
	ow := OtherWrite{Method: calls.MethodKey(w.pending), Order: uint8(o)}
	if w.via != nil {
		ow.Via, ow.ViaParam = calls.MethodKey(w.via), uint8(w.viaParam)
	}
	return ow
}

// viaRunsNow reports whether a candidate write runs: one the use case
// makes itself does; one inside a callback does when an implementation
// of the port holding it, wired here, calls that argument before it
// returns.
func (c *checker) viaRunsNow(ow OtherWrite) bool {
	if ow.Via == "" {
		return true
	}
	m := c.calls.MethodByKey(ow.Via)
	if m == nil {
		return false
	}
	for _, impl := range c.calls.WiredImplementations(m) {
		for _, call := range c.calls.Of(impl).CallsOf() {
			if call.Param == int(ow.ViaParam) && !call.Go {
				return true
			}
		}
	}
	return false
}

// viaChain is the start of a candidate write's chain: the method called,
// and the port whose callback calls it.
func (c *checker) viaChain(ow OtherWrite, name string) []string {
	if ow.Via == "" {
		return []string{name}
	}
	if m := c.calls.MethodByKey(ow.Via); m != nil {
		return []string{name + " (in the " + funcName(m, c.pass.Pkg) + " callback)"}
	}
	return []string{name}
}
