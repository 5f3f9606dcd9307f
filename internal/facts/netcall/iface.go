package netcall

import (
	"go/types"
	"strings"
)

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// interfaceChain resolves a call through an interface method when the
// analysed package and its direct imports show the only implementations
// and every one of them performs a network call. It returns nil otherwise:
// an interface with an implementation out of sight is left alone.
func (r *Result) interfaceChain(m *types.Func) []string {
	iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if !ok || m.Pkg() == nil || !r.searchable(m.Pkg()) {
		return nil
	}
	var chain []string
	for _, pkg := range r.scopes() {
		for _, name := range pkg.Scope().Names() {
			method := implementation(pkg.Scope().Lookup(name), iface, m)
			if method == nil {
				continue
			}
			c := r.CallChain(method)
			if c == nil {
				return nil
			}
			if chain == nil {
				chain = c
			}
		}
	}
	return chain
}

// searchable reports whether the implementations of an interface of pkg
// may be looked for: it belongs to the analysed package, to a package of
// the same tree (same first path element), or to a non-standard package.
// Standard interfaces (io.Writer) have implementations everywhere.
func (r *Result) searchable(pkg *types.Package) bool {
	if pkg == r.pass.Pkg {
		return true
	}
	first := func(p string) string { return strings.SplitN(p, "/", 2)[0] }
	return strings.Contains(first(pkg.Path()), ".") || first(pkg.Path()) == first(r.pass.Pkg.Path())
}

// scopes returns the analysed package and its direct imports.
func (r *Result) scopes() []*types.Package {
	return append([]*types.Package{r.pass.Pkg}, r.pass.Pkg.Imports()...)
}

// implementation returns the method m of the concrete type named by obj
// if the type (or a pointer to it) implements iface.
func implementation(obj types.Object, iface *types.Interface, m *types.Func) *types.Func {
	tn, ok := obj.(*types.TypeName)
	if !ok || tn.IsAlias() {
		return nil
	}
	named, ok := tn.Type().(*types.Named)
	if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
		return nil
	}
	var t types.Type = named
	if !types.Implements(t, iface) {
		t = types.NewPointer(named)
		if !types.Implements(t, iface) {
			return nil
		}
	}
	sel, _, _ := types.LookupFieldOrMethod(t, false, m.Pkg(), m.Name())
	fn, _ := sel.(*types.Func)
	return fn
}
