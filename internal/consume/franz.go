package consume

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// franz-go's default autocommit: a group client built without
// kgo.DisableAutoCommit or kgo.AutoCommitMarks commits what it polled on
// its own schedule (the previous poll's records every few seconds, the
// current poll's on a rebalance and at Close), whatever the handlers did.

// FranzAutoCommitOff reports whether the package passes anywhere a franz-go
// option turning autocommit off (or to marked records only).
func (a *Checker) FranzAutoCommitOff() bool {
	if a.franzOff == nil {
		off := false
		for _, f := range a.Pass.TypesInfo.Uses {
			if fn, ok := f.(*types.Func); ok && apis.IsFranzAutoCommitOff(fn) {
				off = true
				break
			}
		}
		a.franzOff = &off
	}
	return *a.franzOff
}

// FranzAutoCommits answers whether client (the receiver of a poll) is a
// group client with the default autocommit, as far as funcs (the package's
// functions) show where it was built: the kgo.NewClient call it comes from,
// directly, through a local variable or through a struct field every store
// of which is such a call. A client whose construction or options are out
// of sight (a parameter, another package, options built by a helper or
// appended) is Unknown.
func (a *Checker) FranzAutoCommits(client ssa.Value, funcs []*ssa.Function) Tri {
	return franzClient(client, funcs, 0)
}

func franzClient(v ssa.Value, funcs []*ssa.Function, depth int) Tri {
	if depth > 4 || v == nil {
		return Unknown
	}
	switch v := v.(type) {
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok && v.Index == 0 {
			return franzNewClient(call)
		}
	case *ssa.Phi:
		var vals []Tri
		for _, e := range v.Edges {
			vals = append(vals, franzClient(e, funcs, depth+1))
		}
		return all(vals)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return Unknown
		}
		root, path := fieldPath(v.X)
		if root == nil {
			return Unknown
		}
		if alloc, ok := root.(*ssa.Alloc); ok && len(path) == 0 {
			return all(storedInto(alloc, funcs, depth))
		}
		if len(path) == 0 {
			return Unknown
		}
		vals := fieldStores(root.Type(), path, funcs, receiverOf(root))
		if len(vals) == 0 {
			return Unknown
		}
		var ts []Tri
		for _, x := range vals {
			ts = append(ts, franzClient(x, funcs, depth+1))
		}
		return all(ts)
	}
	return Unknown
}

// all is Yes (No) when every answer is, Unknown otherwise or for none.
func all(ts []Tri) Tri {
	if len(ts) == 0 {
		return Unknown
	}
	for _, t := range ts[1:] {
		if t != ts[0] {
			return Unknown
		}
	}
	return ts[0]
}

// storedInto returns the answers for what is stored into a local variable.
func storedInto(alloc *ssa.Alloc, funcs []*ssa.Function, depth int) []Tri {
	var ts []Tri
	for _, ref := range *alloc.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc {
			ts = append(ts, franzClient(st.Val, funcs, depth+1))
		}
	}
	return ts
}

// fieldPath returns the value an address is a field of (through nested
// fields: m.Runner.cl) and the field indices from it, outermost first.
func fieldPath(addr ssa.Value) (ssa.Value, []int) {
	var path []int
	for range 6 {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return addr, path
		}
		path = append([]int{fa.Field}, path...)
		addr = fa.X
	}
	return nil, nil
}

// fieldStores returns the values the package's functions store into the
// field at path of a value of root's type (a pointer to a struct),
// directly or into a struct literal stored whole into it (&Outer{Inner{cl:
// cl}}). When the field is read in method (of root's type), a literal
// embedded into outer types that all declare their own method of that name
// is not one method runs on.
func fieldStores(root types.Type, path []int, funcs []*ssa.Function, method *types.Func) []ssa.Value {
	var out []ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				r, p := fieldPath(st.Addr)
				if r == nil || !types.Identical(r.Type(), root) {
					continue
				}
				switch {
				case samePath(p, path):
					if alloc, ok := r.(*ssa.Alloc); ok && method != nil && embeddedOnlyShadowing(alloc, method) {
						continue
					}
					out = append(out, st.Val)
				case len(p) < len(path) && samePath(p, path[:len(p)]):
					if load, ok := st.Val.(*ssa.UnOp); ok && load.Op == token.MUL {
						if tmp, ok := load.X.(*ssa.Alloc); ok {
							out = append(out, allocFieldStores(tmp, path[len(p):])...)
						}
					}
				}
			}
		}
	}
	return out
}

// allocFieldStores returns what is stored into the field at path of a
// local struct.
func allocFieldStores(alloc *ssa.Alloc, path []int) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.Field != path[0] || fa.Referrers() == nil {
			continue
		}
		if len(path) > 1 {
			for _, r := range *fa.Referrers() {
				if inner, ok := r.(*ssa.FieldAddr); ok && inner.Field == path[1] && len(path) == 2 && inner.Referrers() != nil {
					out = append(out, storesTo(inner)...)
				}
			}
			continue
		}
		out = append(out, storesTo(fa)...)
	}
	return out
}

func storesTo(addr ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, r := range *addr.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
			out = append(out, st.Val)
		}
	}
	return out
}

// embeddedOnlyShadowing reports whether alloc is a struct literal only
// copied into fields of outer structs that each declare their own method
// named like method (so method never runs on the copy).
func embeddedOnlyShadowing(alloc *ssa.Alloc, method *types.Func) bool {
	copied := false
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr, *ssa.DebugRef:
		case *ssa.UnOp:
			if ref.Op != token.MUL || ref.Referrers() == nil {
				return false
			}
			for _, r := range *ref.Referrers() {
				st, ok := r.(*ssa.Store)
				if !ok || st.Val != ref {
					return false
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					return false
				}
				sel := types.NewMethodSet(fa.X.Type()).Lookup(method.Pkg(), method.Name())
				if sel == nil || sel.Obj() == method {
					return false // the outer type runs method on the copy
				}
				copied = true
			}
		default:
			return false
		}
	}
	return copied
}

// receiverOf returns the method whose receiver v is, or nil.
func receiverOf(v ssa.Value) *types.Func {
	p, ok := v.(*ssa.Parameter)
	if !ok || p.Parent() == nil || p.Parent().Signature.Recv() == nil || len(p.Parent().Params) == 0 || p.Parent().Params[0] != p {
		return nil
	}
	m, _ := p.Parent().Object().(*types.Func)
	return m
}

func samePath(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// franzNewClient judges the options of a kgo.NewClient call: Yes for a
// group client (ConsumerGroup) without an option turning autocommit off,
// No for one with such an option or without a group, Unknown when an
// option is not a visible kgo option call.
func franzNewClient(call *ssa.Call) Tri {
	obj, _ := CalleeOf(&call.Call)
	if !apis.IsFranzNewClient(obj) || len(call.Call.Args) != 1 {
		return Unknown
	}
	opts, ok := VariadicCalls(call.Call.Args[0])
	if !ok {
		return Unknown
	}
	group, off := false, false
	for _, opt := range opts {
		if !apis.IsFranzOption(opt) {
			return Unknown
		}
		group = group || apis.IsFranzConsumerGroup(opt)
		off = off || apis.IsFranzAutoCommitOff(opt)
	}
	if group && !off {
		return Yes
	}
	return No
}
