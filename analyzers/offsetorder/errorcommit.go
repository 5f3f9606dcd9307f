package offsetorder

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// A helper of the package may commit only on its way out with an error:
// "if the retry limit is exceeded, mark the order failed, park the message,
// commit it and return errLimit". Its caller tests the error and stops
// handling the message; on the path where the error is nil nothing was
// committed. For such a helper the commit happens where the caller enters
// the branch of its error, and only what runs there can be overtaken.

// errorOnlyCommit returns, for a call c that commits through a helper
// committing only when it returns a non-nil error, the If that tests that
// error and the successor it takes when the error is not nil; or nils when
// c commits on every path (or the caller does not test the error).
func (a *checker) errorOnlyCommit(c ssa.Instruction) (*ssa.If, *ssa.BasicBlock) {
	call, ok := c.(*ssa.Call)
	if !ok {
		return nil, nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || !commitsOnlyOnError(a, callee) {
		return nil, nil
	}
	errv := consume.ErrorResult(call)
	if errv == nil || errv.Referrers() == nil {
		return nil, nil
	}
	for _, ref := range *errv.Referrers() {
		cmp, ok := ref.(*ssa.BinOp)
		if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) || !isNilConst(cmp.X) && !isNilConst(cmp.Y) {
			continue
		}
		for _, use := range *cmp.Referrers() {
			br, ok := use.(*ssa.If)
			if !ok || len(br.Block().Succs) != 2 {
				continue
			}
			if cmp.Op == token.EQL {
				return br, br.Block().Succs[1]
			}
			return br, br.Block().Succs[0]
		}
	}
	return nil, nil
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// commitsOnlyOnError reports whether every commit of fn is followed, on
// every path, only by returns whose error result cannot be nil.
func commitsOnlyOnError(a *checker, fn *ssa.Function) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	last := res.Len() - 1
	commits := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || a.CommitVia(&call.Call) == "" {
				continue
			}
			commits++
			nilReturn := consume.Search(instr, false, func(i ssa.Instruction) bool {
				ret, ok := i.(*ssa.Return)
				return ok && (len(ret.Results) <= last || mayBeNil(ret.Results[last], 0))
			}, nil)
			if nilReturn != nil {
				return false
			}
		}
	}
	return commits > 0
}

// mayBeNil reports whether an error value can be nil: a nil constant, a φ
// with such an edge, or anything not known to be a made error (a named
// result loaded from its variable, a parameter, a call's result passed
// on). A package-level sentinel error (var errLimit = errors.New(...)) and
// a value converted to the error interface are made errors.
func mayBeNil(v ssa.Value, depth int) bool {
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Phi:
		if depth > 8 {
			return true
		}
		for _, e := range x.Edges {
			if mayBeNil(e, depth+1) {
				return true
			}
		}
		return false
	case *ssa.MakeInterface:
		return false
	case *ssa.UnOp:
		_, sentinel := x.X.(*ssa.Global) // var errLimit = errors.New(...)
		return !sentinel
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil {
			return true
		}
		obj, _ := callee.Object().(*types.Func)
		return !apis.IsErrorConstructor(obj)
	}
	return true
}

// overtakenOnError is overtaken for a commit made only when the helper
// returns an error: the work it can overtake is in the caller's branch of
// that error (where the commit happened), up to the next fetch. A branch
// that goes round the loop (continue) starts the next message.
func (a *checker) overtakenOnError(c ssa.Instruction, br *ssa.If, fail *ssa.BasicBlock, s *funcSites, f *msgFlow) ssa.Instruction {
	handles := func(i ssa.Instruction) bool { return i != c && s.handler[i] != "" && !f.newer(c, i) }
	if len(fail.Instrs) == 0 || fail.Dominates(br.Block()) {
		return nil
	}
	first := fail.Instrs[0]
	if handles(first) {
		return first
	}
	if a.IsFetch(first) {
		return nil
	}
	return consume.Search(first, false, handles, a.IsFetch)
}
