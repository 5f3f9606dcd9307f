package calls

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Interface-typed fields whose values the package shows. A service keeps
// its dependencies behind its own or a library's interface, but its
// constructor often takes the concrete type it needs and stores that:
//
//	type Consumers struct{ dlq rabbit.Publisher }
//	func NewConsumers(dlq *rabbit.ConfirmingPublisher) *Consumers { return &Consumers{dlq: dlq} }
//
// A call c.dlq.Publish(...) then runs (*ConfirmingPublisher).Publish, not
// every implementation of rabbit.Publisher in sight. An unexported field
// can be written only by its own package, so when every value its
// production code stores there (composite literals, assignments; test
// files aside, as for implementations) has a concrete static type, and
// the field's address is never taken (nothing else can fill it: a
// decoder, a DI container's Populate), those types' methods are the only
// ones a call through the field may run. A store of an interface-typed
// value, or no store at all, leaves the call to the implementations in
// sight.

// fieldStores holds, per unexported interface-typed field of the
// package, the static types of the values stored in it; open marks the
// fields that may hold something else.
type fieldStores struct {
	types map[*types.Var][]types.Type
	open  map[*types.Var]bool
}

// fieldStoreIndex returns the package's fieldStores, built on first use.
func (r *Result) fieldStoreIndex() *fieldStores {
	if r.fstores != nil {
		return r.fstores
	}
	x := &fieldStores{types: make(map[*types.Var][]types.Type), open: make(map[*types.Var]bool)}
	r.fstores = x
	info := r.pass.TypesInfo
	field := func(e ast.Expr) *types.Var {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		v, ok := info.Uses[sel.Sel].(*types.Var)
		if !ok || !v.IsField() {
			return nil
		}
		return r.narrowable(v)
	}
	store := func(v *types.Var, t types.Type) {
		if v == nil {
			return
		}
		switch {
		case t == nil:
			x.open[v] = true
		case types.Identical(t, types.Typ[types.UntypedNil]):
			// nil: no method runs
		case types.IsInterface(t):
			x.open[v] = true
		default:
			x.types[v] = append(x.types[v], t)
		}
	}
	for _, f := range r.pass.Files {
		test := strings.HasSuffix(r.pass.Fset.File(f.Pos()).Name(), "_test.go")
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.UnaryExpr:
				if v := field(n.X); v != nil && n.Op == token.AND {
					x.open[v] = true // filled through its address
				}
			case *ast.AssignStmt:
				if test {
					return true
				}
				for i, l := range n.Lhs {
					v := field(l)
					if v == nil {
						continue
					}
					var t types.Type
					switch {
					case len(n.Lhs) == len(n.Rhs):
						t = info.TypeOf(n.Rhs[i])
					case len(n.Rhs) == 1:
						if tup, ok := info.TypeOf(n.Rhs[0]).(*types.Tuple); ok && i < tup.Len() {
							t = tup.At(i).Type()
						}
					}
					store(v, t)
				}
			case *ast.CompositeLit:
				if test {
					return true
				}
				st, ok := structOf(info.TypeOf(n))
				if !ok {
					return true
				}
				for i, e := range n.Elts {
					var v *types.Var
					val := e
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						id, ok := kv.Key.(*ast.Ident)
						if !ok {
							continue
						}
						v, _ = info.Uses[id].(*types.Var)
						val = kv.Value
					} else if i < st.NumFields() {
						v = st.Field(i)
					}
					if v != nil {
						store(r.narrowable(v), info.TypeOf(val))
					}
				}
			}
			return true
		})
	}
	return x
}

// narrowable returns the field (its generic origin) if it is an
// unexported, named, interface-typed field declared in the package, or nil.
func (r *Result) narrowable(v *types.Var) *types.Var {
	v = v.Origin()
	if v.Exported() || v.Anonymous() || v.Pkg() != r.pass.Pkg || !types.IsInterface(v.Type()) {
		return nil
	}
	return v
}

// structOf returns the struct type t (or *t) has, if any.
func structOf(t types.Type) (*types.Struct, bool) {
	if t == nil {
		return nil, false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// storedMethods returns the methods m resolves to when call calls it on
// an unexported interface-typed field of the package (c.dlq.Publish(...))
// whose stored values all have concrete types (see fieldStores), and true;
// nil and false when the field may hold anything else.
func (r *Result) storedMethods(m *types.Func, call *ast.CallExpr) ([]*types.Func, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	v, ok := r.pass.TypesInfo.Uses[inner.Sel].(*types.Var)
	if !ok || !v.IsField() {
		return nil, false
	}
	if v = r.narrowable(v); v == nil {
		return nil, false
	}
	x := r.fieldStoreIndex()
	ts := x.types[v]
	if x.open[v] || len(ts) == 0 {
		return nil, false
	}
	var out []*types.Func
	for _, t := range ts {
		s := types.NewMethodSet(t).Lookup(m.Pkg(), m.Name())
		if s == nil {
			return nil, false
		}
		fn, ok := s.Obj().(*types.Func)
		if !ok {
			return nil, false
		}
		if fn = fn.Origin(); !containsFunc(out, fn) {
			out = append(out, fn)
		}
	}
	return out, true
}

func containsFunc(fns []*types.Func, fn *types.Func) bool {
	for _, f := range fns {
		if f == fn {
			return true
		}
	}
	return false
}
