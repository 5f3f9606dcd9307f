package dualwrite

import (
	"go/ast"

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

// callbackPortWrites returns the calls of ports made inside the functions
// passed to the port call (calls.HeldPorts), as pending writes held by
// that port: each runs, if at all, during the call.
func (c *checker) callbackPortWrites(call *ast.CallExpr, tx *calls.Tx) []*event {
	var out []*event
	for _, p := range c.calls.HeldPorts(call) {
		if !calls.PublishLike(p.Method) {
			out = append(out, portEvent(call, calls.Write, p, tx))
		}
	}
	return out
}

// helperPortEvents returns the calls of ports that call, not a port call
// itself, reaches through the package's helpers and closures
// (calls.CallPorts): each is either side, known where an implementation
// is, like a port called directly. A port call held by a port the use
// case cannot see run (a closure handed to a coordinator port) is a
// publish only when it is publish-like, as callbackPortWrites.
func (c *checker) helperPortEvents(call *ast.CallExpr, tx *calls.Tx) []*event {
	var out []*event
	for _, p := range c.calls.CallPorts(call) {
		if p.Holder == nil || calls.PublishLike(p.Method) {
			out = append(out, portEvent(call, calls.Publish, p, tx))
		}
		out = append(out, portEvent(call, calls.Write, p, tx))
	}
	return out
}

// portEvent is the pending event of kind k of the port call p that call
// reaches.
func portEvent(call *ast.CallExpr, k calls.Effect, p calls.PortCall, tx *calls.Tx) *event {
	ch := append(append([]string{}, p.Via...), funcName(p.Method, nil))
	return &event{call: call, kind: k, chain: ch, tx: tx, pending: p.Method, helpers: p.Via, via: p.Holder, viaParam: p.HolderParam}
}

// otherWrite is the candidate write of a pending site that event w makes.
func otherWrite(w *event, o order) OtherWrite {
	ow := OtherWrite{Method: calls.MethodKey(w.pending), Order: uint8(o), Helpers: w.helpers}
	if w.via != nil {
		ow.Via, ow.ViaParam = calls.MethodKey(w.via), uint8(w.viaParam)
	}
	return ow
}

// viaRunsNow reports whether a candidate write runs: one the use case
// makes itself does; one inside a callback does when an implementation
// of the port holding it, wired here, calls that argument before it
// returns (calls.HolderRunsNow).
func (c *checker) viaRunsNow(ow OtherWrite) bool {
	return ow.Via == "" || c.calls.HolderRunsNow(c.calls.MethodByKey(ow.Via), int(ow.ViaParam))
}

// viaChain is the start of a candidate write's chain: the helpers that
// reach the call, the method called, and the port whose callback calls it.
func (c *checker) viaChain(ow OtherWrite, name string) []string {
	out := append([]string{}, ow.Helpers...)
	if ow.Via == "" {
		return append(out, name)
	}
	if m := c.calls.MethodByKey(ow.Via); m != nil {
		return append(out, name+" (in the "+funcName(m, c.pass.Pkg)+" callback)")
	}
	return append(out, name)
}
