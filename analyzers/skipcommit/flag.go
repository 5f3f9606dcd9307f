package skipcommit

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// A helper of the package may report the success of its work by a bool
// instead of an error: writeDLQ(ctx, msg) bool returns false where its
// publish failed (logged inside) and true after it. Its false result is
// its failure: `if !writeDLQ(ctx, msg) { continue }` moves on past a
// message that was neither handled nor parked, and a test of the flag
// checks the dead letter as `if err != nil` would.

// successFlag reports whether call's callee, a function of the package
// with a single bool result, returns constants only, false on a failure
// path of a call doing work (its `if err != nil`) and never true there.
func (a *checker) successFlag(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	res := fn.Signature.Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Typ[types.Bool]) {
		return false
	}
	if v, ok := a.flags[fn]; ok {
		return v
	}
	a.flags[fn] = false // a recursive helper is not one
	var fails []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && a.handlerVia(&c.Call) != "" {
				for _, t := range failureTests(errorValues(c)) {
					fails = append(fails, t.fail)
				}
			}
		}
	}
	failed := func(b *ssa.BasicBlock) bool {
		for _, f := range fails {
			if f.Dominates(b) {
				return true
			}
		}
		return false
	}
	falseOnFailure := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		c, ok := ret.Results[0].(*ssa.Const)
		if !ok || c.Value == nil {
			return false // return ok, return n > 0: a result that is not only the work's success (a lock taken, a row found)
		}
		switch {
		case isFalse(c) && failed(b):
			falseOnFailure = true
		case !isFalse(c) && failed(b):
			return false // true after a failure: the flag does not tell
		}
	}
	a.flags[fn] = falseOnFailure
	return falseOnFailure
}

// flagTests returns the branches on a success flag, with the successor
// taken when it is false.
func flagTests(call *ssa.Call) []failureTest {
	if call.Referrers() == nil {
		return nil
	}
	conds := map[ssa.Value]bool{call: false} // a test of the flag → whether it is negated
	for _, ref := range *call.Referrers() {
		if not, ok := ref.(*ssa.UnOp); ok && not.Op == token.NOT {
			conds[not] = true
		}
	}
	var out []failureTest
	for cond, negated := range conds {
		for _, use := range *cond.Referrers() {
			br, ok := use.(*ssa.If)
			if !ok || br.Cond != cond || len(br.Block().Succs) != 2 {
				continue
			}
			f := br.Block().Succs[1]
			if negated {
				f = br.Block().Succs[0]
			}
			out = append(out, failureTest{pos: cond.Pos(), fail: f})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].fail.Index < out[j].fail.Index })
	return dedupTests(out)
}

// dedupTests drops repeated failure successors.
func dedupTests(ts []failureTest) []failureTest {
	seen := make(map[*ssa.BasicBlock]bool)
	out := ts[:0]
	for _, t := range ts {
		if !seen[t.fail] {
			seen[t.fail] = true
			out = append(out, t)
		}
	}
	return out
}

// flagChecked reports whether call returns a success flag that a branch
// tests.
func (a *checker) flagChecked(call *ssa.Call) bool {
	return a.successFlag(call) && len(flagTests(call)) > 0
}
