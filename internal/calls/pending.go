package calls

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// The pieces of the pending-site mechanism (wiring.go) that every
// analyzer completing sites at the composition root shares: which call
// is a port whose implementation is out of sight (Port), which
// implementation the completing package sees with the missing effect
// (ImplWithEffect, ImplRunningInTx), and where the root wires it
// (RootWiring). The facts that carry the sites are each analyzer's own.

// Port returns the interface method call makes when it is a port of the
// analysed code — a method of a named interface declared in the package
// or in another package of its module (a domain package of ports) — and
// no implementation is in sight (Implementations), or nil.
func (r *Result) Port(call *ast.CallExpr) *types.Func {
	if r == nil || call == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.port(call)
}

// IsPort reports whether fn is a port: a method of a named interface of
// the analysed module with no implementation in sight (see Port).
func (r *Result) IsPort(fn *types.Func) bool {
	if r == nil || fn == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.portMethod(fn)
}

// port is Port with mu held.
func (r *Result) port(call *ast.CallExpr) *types.Func {
	if fn := apis.Callee(r.pass.TypesInfo, call); r.portMethod(fn) {
		return fn
	}
	return nil
}

// portMethod reports whether fn is a port (see Port), with mu held.
func (r *Result) portMethod(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() != r.pass.Pkg && !r.OwnModule(fn.Pkg()) {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return false
	}
	if _, named := types.Unalias(recv.Type()).(*types.Named); !named {
		return false
	}
	return !r.hasImplementation(fn)
}

// TakesFunc reports whether fn is a method of a named interface outside
// the standard library with a parameter of function type: a port that may
// run a callback (uow.Execute(ctx, fn), repo.Update(id, func(*T) error)).
// Gates use it to admit a use case whose transaction is out of sight.
func TakesFunc(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || apis.IsStdlib(fn.Pkg().Path()) || !isInterfaceMethod(fn) {
		return false
	}
	if _, named := types.Unalias(fn.Signature().Recv().Type()).(*types.Named); !named {
		return false
	}
	return hasFuncParam(fn)
}

// OwnModule reports whether pkg belongs to the module of the analysed
// package (any package when the driver gives no module), outside the
// standard library and the tabled libraries.
func (r *Result) OwnModule(pkg *types.Package) bool {
	p := pkg.Path()
	if apis.IsStdlib(p) || apis.IsTableLibrary(p) {
		return false
	}
	m := r.pass.Module
	return m == nil || m.Path == "" || p == m.Path || strings.HasPrefix(p, m.Path+"/")
}

// ImplWithEffect returns an implementation of the interface method m that
// the package sees (VisibleImplementations) with an effect of kind k,
// preferring one declared in the package, and its chain; nil when none
// has it.
func (r *Result) ImplWithEffect(m *types.Func, k Effect) (*types.Func, []string) {
	if r == nil || m == nil {
		return nil, nil
	}
	return r.implWithEffect(r.VisibleImplementations(m), k)
}

// WiredImplWithEffect is ImplWithEffect among the implementations the
// package wires (WiredImplementations).
func (r *Result) WiredImplWithEffect(m *types.Func, k Effect) (*types.Func, []string) {
	if r == nil || m == nil {
		return nil, nil
	}
	return r.implWithEffect(r.WiredImplementations(m), k)
}

func (r *Result) implWithEffect(impls []*types.Func, k Effect) (*types.Func, []string) {
	var best *types.Func
	var bestCh []string
	for _, impl := range impls {
		ch := r.FuncChain(impl, k)
		if ch == nil {
			continue
		}
		if best == nil || impl.Pkg() == r.pass.Pkg && best.Pkg() != r.pass.Pkg {
			best, bestCh = impl, ch
		}
	}
	return best, bestCh
}

// ImplRunningInTx returns an implementation of the interface method m
// that the package wires (WiredImplementations) and that calls its
// function parameter idx, outside a goroutine, inside a transaction it
// begins (a unit of work's Execute(ctx, fn), a repository method that
// runs a callback between its Begin and Commit), and where that
// transaction begins ("uow.go:16"); nil when none does. accept, when not
// nil, may turn an implementation down (one whose transaction is
// read-only).
func (r *Result) ImplRunningInTx(m *types.Func, idx int, accept func(*types.Func) bool) (*types.Func, string) {
	if r == nil || m == nil {
		return nil, ""
	}
	for _, impl := range r.WiredImplementations(m) {
		for _, c := range r.Of(impl).CallsOf() {
			if c.Param == idx && c.InTx != "" && !c.Go && (accept == nil || accept(impl)) {
				return impl, c.InTx
			}
		}
	}
	return nil, ""
}

// WiredImplementations returns the implementations of the interface
// method m that the package sees (VisibleImplementations) and builds: a
// composite literal of the receiver's type, or a call of a function that
// returns it (a constructor), outside test files. When it builds none of
// them (the values come through a function that returns the interface,
// chosen by configuration), all are kept: any may be the one wired.
func (r *Result) WiredImplementations(m *types.Func) []*types.Func {
	impls := r.VisibleImplementations(m)
	built := r.builtTypes()
	var out []*types.Func
	for _, impl := range impls {
		if built[recvTypeName(impl)] {
			out = append(out, impl)
		}
	}
	if len(out) == 0 {
		return impls
	}
	return out
}

// builtTypes returns the named types the package's non-test files build:
// the types of composite literals and the results of the functions they
// call, pointers dereferenced.
func (r *Result) builtTypes() map[*types.TypeName]bool {
	out := make(map[*types.TypeName]bool)
	add := func(t types.Type) {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if named, ok := types.Unalias(t).(*types.Named); ok {
			out[named.Origin().Obj()] = true
		}
	}
	info := r.pass.TypesInfo
	for _, file := range r.pass.Files {
		if f := r.pass.Fset.File(file.Pos()); f != nil && strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if tv, ok := info.Types[n]; ok {
					add(tv.Type)
				}
			case *ast.CallExpr:
				if fn := apis.Callee(info, n); fn != nil {
					res := fn.Signature().Results()
					for i := range res.Len() {
						add(res.At(i).Type())
					}
				}
			}
			return true
		})
	}
	return out
}

// recvTypeName returns the type name of fn's receiver (its origin), or nil.
func recvTypeName(fn *types.Func) *types.TypeName {
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return named.Origin().Obj()
	}
	return nil
}

// RootWiring returns where the package wires an implementation impl of
// the interface method m into the code of package user: a call or
// literal that hands it to user's code (WiringSite, preferring the
// construction of user's type prefer), else the dependency-injection
// container's provide of impl's constructor (ProvideSite); token.NoPos
// when it has none.
func (r *Result) RootWiring(user *types.Package, m, impl *types.Func, prefer string, skip func(token.Pos) bool) token.Pos {
	at := r.WiringSite(user, m, prefer, skip)
	if !at.IsValid() && impl != nil {
		at = r.ProvideSite(impl, m, skip)
	}
	return at
}

// RecvTypeName returns the name of fn's receiver type ("" for a function):
// the type of the use case whose construction the root wiring names.
func RecvTypeName(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return named.Obj().Name()
	}
	return ""
}

// At is a zero-width range at a position, for reporting at a wiring site.
type At token.Pos

// Pos implements analysis.Range.
func (p At) Pos() token.Pos { return token.Pos(p) }

// End implements analysis.Range.
func (p At) End() token.Pos { return token.Pos(p) }
