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
	fn := apis.Callee(r.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() != r.pass.Pkg && !r.OwnModule(fn.Pkg()) {
		return nil
	}
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return nil
	}
	if _, named := types.Unalias(recv.Type()).(*types.Named); !named {
		return nil
	}
	if len(r.Implementations(fn)) > 0 {
		return nil
	}
	return fn
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
	var best *types.Func
	var bestCh []string
	for _, impl := range r.VisibleImplementations(m) {
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
// that the package sees and that calls its function parameter idx,
// outside a goroutine, inside a transaction it begins (a unit of work's
// Execute(ctx, fn), a repository method that runs a callback between its
// Begin and Commit), and where that transaction begins ("uow.go:16");
// nil when none does.
func (r *Result) ImplRunningInTx(m *types.Func, idx int) (*types.Func, string) {
	if r == nil || m == nil {
		return nil, ""
	}
	for _, impl := range r.VisibleImplementations(m) {
		for _, c := range r.Of(impl).CallsOf() {
			if c.Param == idx && c.InTx != "" && !c.Go {
				return impl, c.InTx
			}
		}
	}
	return nil, ""
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
