package ctxcancel

import (
	"golang.org/x/tools/go/ssa"
)

// A context kept by a method, not by a constructor: Start(ctx) stores ctx
// in a field of its receiver (d.ctx = ctx) and then calls, directly or in
// the goroutines it starts, the methods that read d.ctx. Within the
// method that stores it, the field holds what it stored: a read of the
// receiver's field is traced to the stored value, and to the caller's
// value of the field only where no store of the method comes first on
// every path. Calls of such a method on a value the caller builds are
// followed by fieldStores (calls.SetsFields, setterStores).

// paramFieldFlow returns how field of the struct that base points to
// derives when base is a parameter (a batch object handed to a helper, a
// method's receiver), as the instruction at reads it: the values the
// parameter's function (with its literals) stores to that field on a path
// to at, and the parameter's own field as a leaf origin unless one of
// those stores precedes at on every path. Both nil when base is no
// parameter.
func (s *state) paramFieldFlow(base ssa.Value, field int, at ssa.Instruction) ([]ssa.Value, *origin) {
	o := s.paramField(base, field)
	if o == nil {
		return nil, nil
	}
	p := s.baseParam(base)
	vals, covered := s.paramFieldStores(p, field, at)
	if covered {
		return vals, nil
	}
	return vals, o
}

// paramFieldStores returns the values that the function declaring p, or
// a function literal inside it, stores to field of *p and that at may
// read, and whether a store of the function itself precedes at (or the
// literal at lies in) on every path.
func (s *state) paramFieldStores(p *ssa.Parameter, field int, at ssa.Instruction) (vals []ssa.Value, covered bool) {
	fn := p.Parent()
	anchor := s.anchorIn(fn, at)
	var visit func(f *ssa.Function, depth int)
	visit = func(f *ssa.Function, depth int) {
		if depth > maxStoreDepth {
			return
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				stored := s.storedToParamField(instr, p, field)
				if len(stored) == 0 {
					continue
				}
				if f != fn {
					vals = append(vals, stored...) // a literal's store: it may run before at
					continue
				}
				if anchor == nil || reachesInstr(instr, anchor) {
					vals = append(vals, stored...)
					covered = covered || anchor != nil && precedes(instr, anchor)
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			visit(anon, depth+1)
		}
	}
	visit(fn, 0)
	return vals, covered
}

// anchorIn returns the instruction of fn that at is, or that builds the
// function literal (of a literal, ...) at lies in; nil when at is not
// inside fn.
func (s *state) anchorIn(fn *ssa.Function, at ssa.Instruction) ssa.Instruction {
	if at == nil {
		return nil
	}
	for range maxStoreDepth + 1 {
		f := at.Parent()
		if f == fn {
			return at
		}
		mc := s.closures[f]
		if mc == nil {
			return nil
		}
		at = mc
	}
	return nil
}

// reachesInstr reports whether some path of their function runs a, then
// b.
func reachesInstr(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil {
		return false
	}
	if ab == bb {
		for _, instr := range ab.Instrs {
			if instr == a {
				return true // a comes first in the block
			}
			if instr == b {
				break
			}
		}
	}
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), ab.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == bb {
			return true
		}
		if len(seen) > maxReachBlocks {
			return true // too far to tell: may
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// storedToParamField returns the values instr stores to field of *p: a
// store to the field, or a call of a method on p that keeps its argument
// there (setterStores).
func (s *state) storedToParamField(instr ssa.Instruction, p *ssa.Parameter, field int) []ssa.Value {
	switch instr := instr.(type) {
	case *ssa.Store:
		if fa, ok := instr.Addr.(*ssa.FieldAddr); ok && fa.Field == field && s.baseParam(fa.X) == p {
			return []ssa.Value{instr.Val}
		}
	case ssa.CallInstruction:
		if args := instr.Common().Args; !instr.Common().IsInvoke() && len(args) > 0 && s.baseParam(args[0]) == p {
			return s.setterStores(instr, args[0], field)
		}
	}
	return nil
}
