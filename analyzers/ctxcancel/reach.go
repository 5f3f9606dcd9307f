package ctxcancel

import (
	"golang.org/x/tools/go/ssa"
)

// maxReachBlocks bounds the blocks one reaching-store walk visits; past it
// the walk falls back to every store of the variable.
const maxReachBlocks = 512

// reaching returns the values the variable addr (an Alloc of the function
// of at, or one of its free variables) can hold when at runs: the stores
// that reach at along the control flow graph, the values a closure sees
// where it is built and any value stored after that (it may run later),
// and the stores of closures that capture the variable (they may run at
// any call). A variable rebound before a closure captures it is seen by
// the closure with its new value only.
func (s *state) reaching(addr ssa.Value, at ssa.Instruction, depth int) []ssa.Value {
	if depth > maxStoreDepth {
		return nil
	}
	b := at.Block()
	if b == nil || !ownVar(addr, b.Parent()) {
		return s.storesTo(addr, depth)
	}
	idx := -1
	for i, instr := range b.Instrs {
		if instr == at {
			idx = i
			break
		}
	}
	if idx < 0 {
		return s.storesTo(addr, depth)
	}
	out, entry, ok := reachingStores(addr, b, idx)
	if !ok {
		return s.storesTo(addr, depth)
	}
	out = append(out, s.closureStores(addr, depth)...)
	if !entry {
		return out
	}
	// The walk got back to the function's entry without a store.
	fv, isFree := addr.(*ssa.FreeVar)
	if !isFree {
		return s.storesTo(addr, depth) // a recover block: no path from the declaration
	}
	bound := s.binding(fv)
	mc := s.closures[fv.Parent()]
	if bound == nil || mc == nil {
		return out
	}
	switch bound.(type) {
	case *ssa.Alloc, *ssa.FreeVar:
	default:
		return out // a pointer of unknown origin
	}
	out = append(out, s.reaching(bound, mc, depth+1)...)
	return append(out, storesAfter(bound, mc)...)
}

// ownVar reports whether addr is a local variable or free variable of fn.
func ownVar(addr ssa.Value, fn *ssa.Function) bool {
	switch a := addr.(type) {
	case *ssa.Alloc:
		return a.Parent() == fn
	case *ssa.FreeVar:
		return a.Parent() == fn
	}
	return false
}

// reachingStores walks back from instruction idx of b to the stores to
// addr that can reach it. entry reports that some path reaches the
// function's entry (or a block without predecessors) with no store and
// without passing addr's declaration; ok is false when the walk is too big.
func reachingStores(addr ssa.Value, b *ssa.BasicBlock, idx int) (vals []ssa.Value, entry, ok bool) {
	type item struct {
		b   *ssa.BasicBlock
		end int
	}
	work := []item{{b, idx}}
	seen := make(map[*ssa.BasicBlock]bool)
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		stored := false
		for i := it.end - 1; i >= 0 && !stored; i-- {
			switch instr := it.b.Instrs[i].(type) {
			case *ssa.Store:
				if instr.Addr == addr {
					vals = append(vals, instr.Val)
					stored = true
				}
			case *ssa.Alloc:
				stored = ssa.Value(instr) == addr // declared here: no earlier value
			}
		}
		if stored {
			continue
		}
		if len(it.b.Preds) == 0 {
			entry = true
			continue
		}
		for _, p := range it.b.Preds {
			if !seen[p] {
				seen[p] = true
				if len(seen) > maxReachBlocks {
					return nil, false, false
				}
				work = append(work, item{p, len(p.Instrs)})
			}
		}
	}
	return vals, entry, true
}

// storesAfter returns the values stored to addr on the paths from
// instruction at on, up to a new instance of the variable.
func storesAfter(addr ssa.Value, at ssa.Instruction) []ssa.Value {
	b := at.Block()
	if b == nil {
		return nil
	}
	start := -1
	for i, instr := range b.Instrs {
		if instr == at {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return nil
	}
	type item struct {
		b     *ssa.BasicBlock
		start int
	}
	var out []ssa.Value
	work := []item{{b, start}}
	seen := make(map[*ssa.BasicBlock]bool)
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		redeclared := false
		for _, instr := range it.b.Instrs[it.start:] {
			if st, ok := instr.(*ssa.Store); ok && st.Addr == addr {
				out = append(out, st.Val)
			}
			if a, ok := instr.(*ssa.Alloc); ok && ssa.Value(a) == addr {
				redeclared = true
				break
			}
		}
		if redeclared {
			continue
		}
		for _, succ := range it.b.Succs {
			if !seen[succ] && len(seen) < maxReachBlocks {
				seen[succ] = true
				work = append(work, item{succ, 0})
			}
		}
	}
	return out
}

// closureStores returns the values that closures capturing addr store to it.
func (s *state) closureStores(addr ssa.Value, depth int) []ssa.Value {
	refs := addr.Referrers()
	if refs == nil {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *refs {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		f, ok := mc.Fn.(*ssa.Function)
		if !ok {
			continue
		}
		for i, b := range mc.Bindings {
			if b == addr && i < len(f.FreeVars) {
				out = append(out, s.storesTo(f.FreeVars[i], depth+1)...)
			}
		}
	}
	return out
}
