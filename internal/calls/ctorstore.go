package calls

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"
)

// Constructors that keep their parameters (DESIGN.md, "the direction
// problem": the constructor's summary records which parameter fills which
// field). A service's constructor copies what it is given into the
// struct it returns — a config struct holding the shutdown context, a
// channel main opened — often in another package than the code that
// builds the arguments, and often behind an interface:
//
//	func NewConsumer(cfg Config) Handler { return &cfg }
//	func NewPublisher(ch *amqp.Channel) *Publisher { return &Publisher{channel: ch} }
//
// KeepsParams says so, so that an analyzer at the call site can tell
// which argument ends in which field of the result, and which type's
// methods a call on the result runs (the result's dynamic type, followed
// through the interface it is returned as).
//
// The bound: the syntax of the constructor's own body (no SSA, no helper
// followed, literals not entered); result 0 must be, on every return that
// does not return nil, a composite literal of one struct type of the
// constructor's package (or its address), or a variable holding one (a
// parameter of that type, or a local defined from a literal or new(T)); a
// kept value is a parameter or a direct field of one (p, p.f), stored by
// the literal, by the copy of a parameter, or by an assignment x.f = v in
// the body. Any such store counts (a may-summary: a conditional
// assignment is a store). At most maxKept entries; a copy of a whole
// parameter is one.
//
// A method with a pointer receiver that keeps a parameter in a field of
// its receiver (Start(ctx) { w.ctx = ctx }, Init(cfg) { w.ctx = cfg.Ctx })
// is a setter: the fact's Recv entries say which, with the same bound
// (assignments recv.f = p or recv.f = p.g in the body, literals not
// entered), so that an analyzer can tell which argument ends in which
// field of the value the method is called on.

// KeepsParams is the fact that a function returns (as result 0) a struct
// of type Type, or a pointer to one, possibly converted to an interface,
// whose fields hold some of its parameters.
type KeepsParams struct {
	Type string // the struct's type name, declared in the function's package
	Kept []Kept
	// Recv lists, for a method, the fields of its receiver's struct that it
	// stores parameters in (Start(ctx) { w.ctx = ctx }): a setter, whose
	// caller's argument ends in the field of the value it is called on.
	Recv []Kept
}

// A Kept is one field of the result and the parameter value stored in it.
type Kept struct {
	Field int // index of the field of the result's struct; -1: every field (the result is a copy of parameter Param, of the same type)
	Param int // the parameter (receiver not counted)
	From  int // 1 + index of the field of parameter Param (a struct or a pointer to one) the value is read from; 0: the parameter itself
}

// whole is Kept.Field for a result that copies a parameter of its type.
const whole = -1

// AFact implements analysis.Fact.
func (*KeepsParams) AFact() {}

func (f *KeepsParams) String() string {
	parts := make([]string, len(f.Kept))
	for i, k := range f.Kept {
		parts[i] = fmt.Sprintf("f%d←p%d", k.Field, k.Param)
		if k.Field == whole {
			parts[i] = fmt.Sprintf("*←p%d.*", k.Param)
		}
		if k.From > 0 {
			parts[i] += fmt.Sprintf(".f%d", k.From-1)
		}
	}
	out := "keeps " + f.Type + " " + strings.Join(parts, " ")
	if len(f.Kept) == 0 {
		out = "keeps"
	}
	for _, k := range f.Recv {
		out += fmt.Sprintf(" recv.f%d←p%d", k.Field, k.Param)
		if k.From > 0 {
			out += fmt.Sprintf(".f%d", k.From-1)
		}
	}
	return out
}

// RecvStores returns the entries of f.Recv for field (nil for a nil f).
func (f *KeepsParams) RecvStores(field int) []Kept {
	if f == nil {
		return nil
	}
	var out []Kept
	for _, k := range f.Recv {
		if k.Field == field {
			out = append(out, k)
		}
	}
	return out
}

// maxKept bounds the entries of a KeepsParams fact.
const maxKept = 16

// Stores returns the entries of f for field (nil for a nil f), a copy of
// a whole parameter as the entry of its field field.
func (f *KeepsParams) Stores(field int) []Kept {
	if f == nil {
		return nil
	}
	var out []Kept
	for _, k := range f.Kept {
		switch k.Field {
		case field:
			out = append(out, k)
		case whole:
			out = append(out, Kept{Field: field, Param: k.Param, From: field + 1})
		}
	}
	return out
}

// keeps is the Derived of KeepsParams with its lock: the Result is shared
// by the analyzers that require it, which may ask concurrently.
type keeps struct {
	mu sync.Mutex
	d  *Derived[*KeepsParams]
}

// initKeeps computes and exports the KeepsParams facts of the package
// (run calls it for every package of the analysed code).
func (r *Result) initKeeps() {
	r.keeps = &keeps{d: NewFactDerived(r.pass, r, r.computeKeeps)}
	ExportFacts(r.keeps.d)
}

// Keeps returns what a call of fn keeps of its parameters in its result:
// computed for a function of the package, imported for the others; nil
// for none.
func (r *Result) Keeps(fn *types.Func) *KeepsParams {
	if r == nil || r.keeps == nil || fn == nil {
		return nil
	}
	r.keeps.mu.Lock()
	defer r.keeps.mu.Unlock()
	return r.keeps.d.Of(fn)
}

// KeptType returns the struct type whose value (or pointer) a call of fn
// returns according to its fact, or nil.
func KeptType(fn *types.Func, f *KeepsParams) *types.Named {
	if fn == nil || f == nil || fn.Pkg() == nil {
		return nil
	}
	tn, ok := fn.Pkg().Scope().Lookup(f.Type).(*types.TypeName)
	if !ok {
		return nil
	}
	named, _ := types.Unalias(tn.Type()).(*types.Named)
	return named
}

// KeptMethod returns the method that a call of m (an interface method,
// or a method of the struct itself) on the result of a call of fn runs:
// the method of the result's dynamic type (KeptType) named like m; nil
// when fn has no KeepsParams fact or its type has no such method.
func (r *Result) KeptMethod(fn, m *types.Func) *types.Func {
	if m == nil {
		return nil
	}
	f := r.Keeps(fn)
	named := KeptType(fn, f)
	if named == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), false, m.Pkg(), m.Name())
	meth, _ := obj.(*types.Func)
	if meth == nil || isInterfaceMethod(meth) {
		return nil
	}
	return meth
}

// computeKeeps is the compute callback of the KeepsParams Derived.
func (r *Result) computeKeeps(fn *types.Func, decl *ast.FuncDecl) *KeepsParams {
	sig := fn.Signature()
	if sig.Params().Len() == 0 {
		return nil
	}
	params := make(map[*types.Var]int)
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	f := r.resultKeeps(fn, decl, params)
	if sets := r.recvSets(fn, decl, params); len(sets) > 0 {
		if f == nil {
			f = &KeepsParams{}
		}
		f.Recv = sets
	}
	return f
}

// recvSets returns the fields of the receiver's struct (a pointer
// receiver) that the method's body, literals not entered, assigns a
// parameter or a direct field of one to: recv.f = p, recv.f = p.g.
func (r *Result) recvSets(fn *types.Func, decl *ast.FuncDecl, params map[*types.Var]int) []Kept {
	recv := fn.Signature().Recv()
	if recv == nil || decl.Body == nil {
		return nil
	}
	if _, ptr := types.Unalias(recv.Type()).(*types.Pointer); !ptr {
		return nil // a value receiver sets its own copy
	}
	k := &keepWalk{info: r.pass.TypesInfo, pkg: fn.Pkg(), params: params, root: recv}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if _, field := ast.Unparen(l).(*ast.SelectorExpr); field {
						k.assign(l, n.Rhs[i])
					}
				}
			}
		}
		return true
	})
	slices.SortFunc(k.out, func(a, b Kept) int { return a.Field - b.Field })
	return k.out
}

// resultKeeps is computeKeeps for result 0: the KeepsParams of a
// constructor, or nil.
func (r *Result) resultKeeps(fn *types.Func, decl *ast.FuncDecl, params map[*types.Var]int) *KeepsParams {
	if fn.Signature().Results().Len() == 0 {
		return nil
	}
	k := &keepWalk{info: r.pass.TypesInfo, pkg: fn.Pkg(), params: params}
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				ok = false // a naked return: not followed
			} else if !k.result(n.Results[0]) {
				ok = false
			}
		}
		return ok
	})
	if !ok || k.named == nil || k.root == nil && k.lit == nil {
		return nil
	}
	k.collect(decl.Body)
	if len(k.out) == 0 {
		return nil
	}
	slices.SortFunc(k.out, func(a, b Kept) int {
		if a.Field != b.Field {
			return a.Field - b.Field
		}
		if a.Param != b.Param {
			return a.Param - b.Param
		}
		return a.From - b.From
	})
	return &KeepsParams{Type: k.named.Obj().Name(), Kept: k.out}
}

// keepWalk is the state of computeKeeps over one body.
type keepWalk struct {
	info   *types.Info
	pkg    *types.Package
	params map[*types.Var]int
	named  *types.Named        // the struct type returned
	root   *types.Var          // the variable returned (nil: only literals)
	lit    []*ast.CompositeLit // the literals returned or assigned to root
	out    []Kept
}

// result checks one returned expression, recording the struct it is:
// false when it is not a struct this bound follows.
func (k *keepWalk) result(e ast.Expr) bool {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok && k.info.Types[id].IsNil() {
		return true // return nil, err
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		if !k.setType(k.info.TypeOf(x)) {
			return false
		}
		k.lit = append(k.lit, x)
		return true
	case *ast.Ident:
		v, ok := k.info.Uses[x].(*types.Var)
		if !ok || k.root != nil && k.root != v || !k.setType(v.Type()) {
			return false
		}
		k.root = v
		return true
	}
	return false
}

// setType records t (a struct type of the package, or a pointer to one)
// as the type returned, or reports that another one was.
func (k *keepWalk) setType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != k.pkg || named.TypeArgs().Len() > 0 {
		return false
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return false
	}
	if k.named != nil && k.named != named {
		return false
	}
	k.named = named
	return true
}

// collect records the stores to the returned struct: the literals', the
// parameter copied when the returned variable is a parameter, the
// literal or new(T) it is defined from, and every assignment root.f = v.
func (k *keepWalk) collect(body *ast.BlockStmt) {
	st := k.named.Underlying().(*types.Struct)
	if k.root != nil {
		if i, ok := k.params[k.root]; ok {
			k.add(Kept{Field: whole, Param: i}) // return &cfg: every field is the parameter's
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				k.assign(l, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if i < len(n.Values) && k.root != nil && k.info.Defs[id] == k.root {
					k.define(n.Values[i])
				}
			}
		}
		return true
	})
	for _, lit := range k.lit {
		k.literal(lit, st)
	}
}

// assign records root = &T{...} (its literal) and root.f = v.
func (k *keepWalk) assign(l, r ast.Expr) {
	if k.root == nil {
		return
	}
	switch l := ast.Unparen(l).(type) {
	case *ast.Ident:
		if k.info.ObjectOf(l) == k.root {
			k.define(r)
		}
	case *ast.SelectorExpr:
		id, ok := ast.Unparen(l.X).(*ast.Ident)
		if !ok || k.info.ObjectOf(id) != k.root {
			return
		}
		sel, ok := k.info.Selections[l]
		if !ok || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
			return
		}
		if p, from, ok := k.param(r); ok {
			k.add(Kept{Field: sel.Index()[0], Param: p, From: from})
		}
	}
}

// define records the literal root is defined or assigned from.
func (k *keepWalk) define(r ast.Expr) {
	r = ast.Unparen(r)
	if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.AND {
		r = ast.Unparen(u.X)
	}
	if lit, ok := r.(*ast.CompositeLit); ok {
		k.lit = append(k.lit, lit)
	}
}

// literal records the parameters a struct literal stores.
func (k *keepWalk) literal(lit *ast.CompositeLit, st *types.Struct) {
	for i, el := range lit.Elts {
		field, v := i, el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			field, v = -1, kv.Value
			for f := range st.NumFields() {
				if st.Field(f).Name() == key.Name {
					field = f
				}
			}
		}
		if field < 0 || field >= st.NumFields() {
			continue
		}
		if p, from, ok := k.param(v); ok {
			k.add(Kept{Field: field, Param: p, From: from})
		}
	}
}

// param reports whether e is a parameter (from 0) or a direct field of
// one (from 1 + the field's index).
func (k *keepWalk) param(e ast.Expr) (p, from int, ok bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, isVar := k.info.Uses[x].(*types.Var); isVar {
			p, ok = k.params[v]
			return p, 0, ok
		}
	case *ast.SelectorExpr:
		id, isID := ast.Unparen(x.X).(*ast.Ident)
		sel, isSel := k.info.Selections[x]
		if !isID || !isSel || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
			return 0, 0, false
		}
		if v, isVar := k.info.Uses[id].(*types.Var); isVar {
			p, ok = k.params[v]
			return p, sel.Index()[0] + 1, ok
		}
	}
	return 0, 0, false
}

func (k *keepWalk) add(x Kept) {
	if len(k.out) < maxKept && !slices.Contains(k.out, x) {
		k.out = append(k.out, x)
	}
}
