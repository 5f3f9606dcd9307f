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
//
// The answer is nil unless some type in sight has a network-calling method
// of m's name, which needs a declared method of that name that calls the
// network: one of this package, one with an imported fact, or one of the
// table (promoted through an embedded *http.Client, say). So the search
// happens only for such names (mayCall), and then only over the types
// that declare a method of that name or embed something (implementers).
func (r *Result) interfaceChain(m *types.Func) []string {
	iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if !ok || m.Pkg() == nil || !r.searchable(m.Pkg()) || !r.mayCall(m.Name()) {
		return nil
	}
	var chain []string
	for _, tn := range r.implementers(m.Name()) {
		method := implementation(tn, iface, m)
		if method == nil {
			continue
		}
		c := r.callChain(method)
		if c == nil {
			return nil
		}
		if chain == nil {
			chain = c
		}
	}
	return chain
}

// mayCall reports whether a method named name may perform a network call:
// the package declares a method of that name, or a dependency exported the
// fact for one, or the table has one.
func (r *Result) mayCall(name string) bool {
	if r.methodNames == nil {
		r.methodNames = make(map[string]bool)
		for fn := range r.decls {
			if fn.Signature().Recv() != nil {
				r.methodNames[fn.Name()] = true
			}
		}
		for _, f := range r.calls.Funcs() {
			if f.Recv != "" {
				r.methodNames[f.Name] = true
			}
		}
		for _, f := range r.pass.AllObjectFacts() {
			if fn, ok := f.Object.(*types.Func); ok && fn.Signature().Recv() != nil {
				r.methodNames[fn.Name()] = true
			}
		}
	}
	return r.methodNames[name]
}

// implementers returns, in the order the original scan visited them (the
// analysed package, then its direct imports; each scope's names sorted),
// the concrete types that may have a method named name: those declaring
// one, and those with embedded fields (promoted methods). The index is
// built once per pass.
func (r *Result) implementers(name string) []*types.TypeName {
	if r.types == nil {
		r.declaring = make(map[string][]int)
		for _, pkg := range r.scopes() {
			scope := pkg.Scope()
			for _, n := range scope.Names() {
				tn, ok := scope.Lookup(n).(*types.TypeName)
				if !ok || tn.IsAlias() {
					continue
				}
				named, ok := tn.Type().(*types.Named)
				if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
					continue
				}
				i := len(r.types)
				r.types = append(r.types, tn)
				for m := range named.Methods() {
					r.declaring[m.Name()] = append(r.declaring[m.Name()], i)
				}
				if st, ok := named.Underlying().(*types.Struct); ok && hasEmbedded(st) {
					r.embedding = append(r.embedding, i)
				}
			}
		}
	}
	// Merge the two ordered index lists.
	a, b := r.declaring[name], r.embedding
	out := make([]*types.TypeName, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
			out, a = append(out, r.types[a[0]]), a[1:]
		case len(a) == 0 || b[0] < a[0]:
			out, b = append(out, r.types[b[0]]), b[1:]
		default: // the same type
			out, a, b = append(out, r.types[a[0]]), a[1:], b[1:]
		}
	}
	return out
}

func hasEmbedded(st *types.Struct) bool {
	for f := range st.Fields() {
		if f.Embedded() {
			return true
		}
	}
	return false
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

// implementation returns the method m of the concrete type named by tn
// if the type (or a pointer to it) implements iface.
func implementation(tn *types.TypeName, iface *types.Interface, m *types.Func) *types.Func {
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
