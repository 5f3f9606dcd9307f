package calls

import (
	"go/ast"
	"go/types"
	"strings"
)

// A funcValue is a function a call may reach: a named function or method
// (fn), or a function literal (lit).
type funcValue struct {
	fn  *types.Func
	lit *ast.FuncLit
}

// index holds, for the package, where function values are stored and
// where functions are passed as arguments. It is built once, on first use.
type index struct {
	stores   map[*types.Var][]ast.Expr // values assigned to a variable or field
	elems    map[*types.Var][]ast.Expr // values stored as elements of a map or slice variable or field
	litArgs  map[*ast.FuncLit]argOf    // function literals passed as arguments
	declArgs map[*types.Func][]argOf   // named functions passed as arguments (s.handle)
}

// argOf is the call a function is passed to, and the argument index.
type argOf struct {
	call *ast.CallExpr
	idx  int
}

func (r *Result) index() *index {
	if r.idx != nil {
		return r.idx
	}
	x := &index{
		stores:   make(map[*types.Var][]ast.Expr),
		elems:    make(map[*types.Var][]ast.Expr),
		litArgs:  make(map[*ast.FuncLit]argOf),
		declArgs: make(map[*types.Func][]argOf),
	}
	r.idx = x
	info := r.pass.TypesInfo
	var viaLocals []argOf // locals holding a function, passed as arguments
	store := func(lhs, rhs ast.Expr) {
		if !isFuncTyped(info, rhs) && !isFuncContainer(info, rhs) {
			return
		}
		switch l := ast.Unparen(lhs).(type) {
		case *ast.IndexExpr:
			if v := r.holder(l.X); v != nil {
				x.elems[v] = append(x.elems[v], rhs)
			}
		default:
			if v := r.holder(l); v != nil {
				x.stores[v] = append(x.stores[v], rhs)
			}
		}
	}
	for _, f := range r.pass.Files {
		// What tests store (a fake in a func field) is no value of the
		// production code: a mock is not an implementation.
		test := strings.HasSuffix(r.pass.Fset.File(f.Pos()).Name(), "_test.go")
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if test {
					return true
				}
				if len(n.Lhs) == len(n.Rhs) {
					for i := range n.Lhs {
						store(n.Lhs[i], n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if !test && len(n.Names) == len(n.Values) {
					for i := range n.Names {
						store(n.Names[i], n.Values[i])
					}
				}
			case *ast.CompositeLit:
				if !test {
					r.indexCompositeLit(n)
				}
			case *ast.CallExpr:
				for i, a := range n.Args {
					switch a := ast.Unparen(a).(type) {
					case *ast.FuncLit:
						x.litArgs[a] = argOf{n, i}
					case *ast.Ident, *ast.SelectorExpr:
						if fn := funcOf(info, a); fn != nil && r.decls[fn] != nil {
							x.declArgs[fn] = append(x.declArgs[fn], argOf{n, i})
						} else if !test && r.localFunc(a) != nil {
							viaLocals = append(viaLocals, argOf{n, i})
						}
					}
				}
			}
			return true
		})
	}
	r.indexLocalArgs(x, viaLocals) // litvars.go
	return x
}

// indexCompositeLit records the function values a struct literal puts in
// its fields (Worker{handle: s.process}).
func (r *Result) indexCompositeLit(lit *ast.CompositeLit) {
	info := r.pass.TypesInfo
	tv, ok := info.Types[lit]
	if !ok {
		return
	}
	t := tv.Type
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, e := range lit.Elts {
		var field *types.Var
		val := e
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			field, _ = info.Uses[id].(*types.Var)
			val = kv.Value
		} else if i < st.NumFields() {
			field = st.Field(i)
		}
		if field != nil && (isFuncTyped(info, val) || isFuncContainer(info, val)) {
			r.idx.stores[field] = append(r.idx.stores[field], val)
		}
	}
}

// holder returns the variable or field an assignment to e stores into (x,
// s.handler, p.cfg.handler), or nil.
func (r *Result) holder(e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := r.pass.TypesInfo.Defs[e]
		if obj == nil {
			obj = r.pass.TypesInfo.Uses[e]
		}
		v, _ := obj.(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := r.pass.TypesInfo.Uses[e.Sel].(*types.Var)
		return v
	}
	return nil
}

// targets returns the functions a call of the dynamic callee e may reach.
func (r *Result) targets(e ast.Expr) []funcValue {
	return r.values(e)
}

// values returns the functions the expression e may denote: a named
// function or method value, a literal, or what is stored in the variable,
// field or map element it reads (every store in the package, followed
// through at most maxValueDepth assignments; at most maxTargets results).
func (r *Result) values(e ast.Expr) []funcValue {
	var out []funcValue
	seen := make(map[ast.Expr]bool)
	var walk func(e ast.Expr, depth int)
	walk = func(e ast.Expr, depth int) {
		e = ast.Unparen(e)
		if depth > maxValueDepth || len(out) >= maxTargets || seen[e] {
			return
		}
		seen[e] = true
		info := r.pass.TypesInfo
		switch x := e.(type) {
		case *ast.FuncLit:
			out = append(out, funcValue{lit: x})
			return
		case *ast.IndexExpr:
			v := r.holder(x.X)
			if v == nil {
				return
			}
			for _, s := range r.index().elems[v] {
				walk(s, depth+1)
			}
			for _, s := range r.index().stores[v] {
				if cl, ok := ast.Unparen(s).(*ast.CompositeLit); ok {
					for _, el := range cl.Elts {
						if kv, ok := el.(*ast.KeyValueExpr); ok {
							el = kv.Value
						}
						walk(el, depth+1)
					}
				}
			}
			return
		case *ast.Ident, *ast.SelectorExpr:
			if fn := funcOf(info, x); fn != nil {
				out = append(out, funcValue{fn: fn})
				return
			}
			if v := r.holder(x); v != nil {
				for _, s := range r.index().stores[v] {
					walk(s, depth+1)
				}
			}
		}
	}
	walk(e, 0)
	return out
}

// funcOf returns the named function or method value e denotes (f, s.handle, pkg.F), or nil.
func funcOf(info *types.Info, e ast.Expr) *types.Func {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	case *ast.IndexExpr: // generic instantiation f[T]
		return funcOf(info, e.X)
	}
	if id == nil {
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

func isFuncTyped(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Type == nil {
		return false
	}
	_, ok = tv.Type.Underlying().(*types.Signature)
	return ok
}

// isFuncContainer reports whether e is a map or slice of functions.
func isFuncContainer(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Type == nil {
		return false
	}
	var elem types.Type
	switch t := tv.Type.Underlying().(type) {
	case *types.Map:
		elem = t.Elem()
	case *types.Slice:
		elem = t.Elem()
	default:
		return false
	}
	_, ok = elem.Underlying().(*types.Signature)
	return ok
}
