package skipcommit

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// facts are the boolean values a failure path knows: flags set on the way
// (failed = true; break), carried through the φs of the blocks it enters.
// It keeps a path from taking a branch its own assignments rule out
// (if !failed { commit }).
type facts map[ssa.Value]bool

// enter returns the facts on entering block next from b: the φs of next
// take the value of their edge from b, when it is a constant or known.
func (k facts) enter(b, next *ssa.BasicBlock) facts {
	edge := -1
	for i, p := range next.Preds {
		if p == b {
			edge = i
			break
		}
	}
	out := make(facts, len(k))
	for v, x := range k {
		out[v] = x
	}
	for _, instr := range next.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		delete(out, phi)
		if edge < 0 || edge >= len(phi.Edges) {
			continue
		}
		if x, ok := k.value(phi.Edges[edge]); ok {
			out[phi] = x
		}
	}
	return out
}

// value returns the known boolean value of v: a constant, or a fact.
func (k facts) value(v ssa.Value) (bool, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool {
		return constant.BoolVal(c.Value), true
	}
	x, ok := k[v]
	return x, ok
}

// eval returns the value of a branch condition the path knows: a flag, its
// negation, or a test of the failed call's error against nil (not nil on
// a failure path).
func (k facts) eval(cond ssa.Value, errs map[ssa.Value]bool) (bool, bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			x, ok := k.eval(c.X, errs)
			return !x, ok
		}
	case *ssa.BinOp:
		if (c.Op == token.EQL || c.Op == token.NEQ) && (errs[c.X] && isNil(c.Y) || errs[c.Y] && isNil(c.X)) {
			return c.Op == token.NEQ, true
		}
	}
	return k.value(cond)
}
