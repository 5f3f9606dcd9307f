package skipcommit

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// A call on a failure path that works with the message and whose error is
// checked ends the path as a dead letter or the failure recorded — unless
// another of its results decides a later branch: count, err :=
// incrRetry(ctx, msg.Partition, msg.Offset) then `if count <= maxRetries`.
// Such a call reads the state of a retry policy; what keeps the message is
// what the branches on its value do (a continue under "retry later" brings
// nothing back: kafka-go does not fetch an uncommitted message again). Its
// own failure is judged as any handler's; the path goes on where it
// succeeded.

// isQuery reports whether call, on a failure path of the function of s,
// is such a read.
func (a *checker) isQuery(s *funcState, call *ssa.Call) bool {
	return valueDecides(call) && errorChecked(call) && consume.UsesDerived(call, s.d) && a.handlerVia(&call.Call) != ""
}

// valueDecides reports whether a result of call other than its error is
// tested by a branch (compared, or a bool tested).
func valueDecides(call *ssa.Call) bool {
	res := call.Call.Signature().Results()
	if res.Len() < 2 || call.Referrers() == nil {
		return false
	}
	for _, ref := range *call.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index < res.Len()-1 && testedByBranch(ex, 0) {
			return true
		}
	}
	return false
}

// testedByBranch reports whether v flows, through comparisons, negations
// and φs, into the condition of an If.
func testedByBranch(v ssa.Value, depth int) bool {
	if depth > 3 || v.Referrers() == nil {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.If:
			return true
		case *ssa.BinOp:
			if isComparison(r.Op) && testedByBranch(r, depth+1) {
				return true
			}
		case *ssa.UnOp:
			if r.Op == token.NOT && testedByBranch(r, depth+1) {
				return true
			}
		case *ssa.Phi:
			if testedByBranch(r, depth+1) {
				return true
			}
		}
	}
	return false
}

func isComparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// succeeded returns the facts after call succeeded: each test of its
// error against nil is known.
func (k facts) succeeded(call *ssa.Call) facts {
	out := make(facts, len(k))
	for v, x := range k {
		out[v] = x
	}
	for v := range errorValues(call) {
		for _, ref := range *v.Referrers() {
			if cmp, ok := ref.(*ssa.BinOp); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ) && (isNil(cmp.X) || isNil(cmp.Y)) {
				out[cmp] = cmp.Op == token.EQL
			}
		}
	}
	return out
}
