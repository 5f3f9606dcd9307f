package consume

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// VariadicCalls returns the functions called to make the elements of a
// variadic argument written in sight (f(a(), b()) or opts := []Opt{a(),
// b()}; f(opts...)): the option constructors of a client. ok is false when
// an element is not a static call or the slice is not such a literal
// (appended to, passed in).
func VariadicCalls(arg ssa.Value) (fns []*types.Func, ok bool) {
	if c, isConst := arg.(*ssa.Const); isConst && c.IsNil() {
		return nil, true // no arguments
	}
	sl, isSlice := arg.(*ssa.Slice)
	if !isSlice {
		return nil, false
	}
	arr, isAlloc := sl.X.(*ssa.Alloc)
	if !isAlloc {
		return nil, false
	}
	for _, ref := range *arr.Referrers() {
		ia, isIndex := ref.(*ssa.IndexAddr)
		if !isIndex || ia.Referrers() == nil {
			continue
		}
		for _, r := range *ia.Referrers() {
			st, isStore := r.(*ssa.Store)
			if !isStore || st.Addr != ia {
				continue
			}
			fn := staticCallee(st.Val)
			if fn == nil {
				return nil, false
			}
			fns = append(fns, fn)
		}
	}
	return fns, true
}

// staticCallee returns the function v is the result of (through interface
// conversions), or nil.
func staticCallee(v ssa.Value) *types.Func {
	for range 3 {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.Call:
			if x.Call.IsInvoke() {
				return nil
			}
			obj, _ := CalleeOf(&x.Call)
			return obj
		}
		return nil
	}
	return nil
}
