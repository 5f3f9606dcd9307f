package checkthenact

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// Ports whose implementation is out of sight (calls.Port): a check, an
// insert or the work between them may be the call of a port that only the
// composition root wires to an implementation. A call reaches a port
// directly, through a helper of the module (its KeyOps fact carries the
// ports it reaches), or through a function value it hands to a function
// that calls it (retryutil.Do(ctx, policy, attempt.run)).

// A PortCall is a port a function reaches, with the chain of calls down
// to it, the port last.
type PortCall struct {
	Method string   // calls.MethodKey
	Chain  []string // the calls down to the port, the port's method last
}

// maxPorts bounds the ports a fact or an event carries.
const maxPorts = 4

// callPorts returns the ports call reaches: itself when it is a port,
// those its targets' summaries carry (fn: the callee, nil for a function
// value), and those of the function values it hands to a callee that
// calls them.
func (c *checker) callPorts(call *ast.CallExpr, fn *types.Func, targets []calls.Reached[*KeyOps]) []PortCall {
	if m := c.calls.Port(call); m != nil {
		return []PortCall{{Method: calls.MethodKey(m), Chain: []string{funcname.Code(m, nil)}}}
	}
	var out []PortCall
	for _, t := range targets {
		if t.Sum == nil || t.Func == nil {
			continue
		}
		name := funcname.Code(t.Func, nil)
		if fn != nil {
			name = funcname.Code(fn, nil)
		}
		out = addPorts(out, name, t.Sum.Ports)
	}
	if fn == nil || isInterfaceMethod(fn) {
		return out // an interface method's callbacks: through its implementations' summaries
	}
	for _, cl := range c.calls.Of(fn).CallsOf() {
		if cl.Param < 0 || cl.Param >= len(call.Args) {
			continue
		}
		for _, t := range c.keyOps.ValueTargets(call.Args[cl.Param]) {
			if t.Sum == nil || t.Func == nil {
				continue // a literal's body is the caller's
			}
			out = addPorts(out, funcname.Code(fn, nil), prefixPorts(funcname.Code(t.Func, nil), t.Sum.Ports))
		}
	}
	return out
}

// addPorts adds the ports below (reached through name) to have, once per
// method, at most maxPorts.
func addPorts(have []PortCall, name string, below []PortCall) []PortCall {
	for _, p := range prefixPorts(name, below) {
		if len(have) >= maxPorts {
			break
		}
		dup := false
		for _, h := range have {
			dup = dup || h.Method == p.Method
		}
		if !dup {
			have = append(have, p)
		}
	}
	return have
}

func prefixPorts(name string, ps []PortCall) []PortCall {
	if name == "" {
		return ps
	}
	out := make([]PortCall, 0, len(ps))
	for _, p := range ps {
		ch := append([]string{name}, p.Chain...)
		if len(ch) > maxChain { // keep the port, last
			ch = append(ch[:maxChain-1:maxChain-1], ch[len(ch)-1])
		}
		out = append(out, PortCall{Method: p.Method, Chain: ch})
	}
	return out
}
