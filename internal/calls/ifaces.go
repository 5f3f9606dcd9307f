package calls

import (
	"go/types"
	"slices"
	"strings"
	"sync"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// ifaces indexes the concrete types in sight, for interface resolution.
type ifaces struct {
	methodNames map[string]bool
	types       []*types.TypeName
	declaring   map[string][]int // method name → indexes in types
	embedding   []int            // indexes in types of structs with embedded fields
	libs        map[string]*types.Package
	summarised  map[string][]*types.Func      // methods of other packages with a Summary, by name
	impls       map[*types.Func][]*types.Func // implementations, memoised per interface method
	implemented map[*types.Func]bool          // whether one implementation exists (hasImplementation)

	// satisfying memoises which of T and *T implements an interface, so
	// that resolving each of a large interface's methods (sqlc's Querier:
	// a hundred) checks each candidate type once, not once per method.
	satMu      sync.Mutex
	satisfying map[satisfyKey]types.Type // nil: neither
}

type satisfyKey struct {
	tn    *types.TypeName
	iface *types.Interface
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// interfaceSummary resolves an interface method to the implementations
// that the analysed package and its direct imports show (types of test
// files excluded: a mock is no implementation of production code). An
// effect holds for the method when every implementation has it; the chains
// and positions are the first implementation's. With no implementation in
// sight, a method that mirrors a library call of an effect's table (same
// name, identical signature: Do(*http.Request) (*http.Response, error),
// WriteMessages(ctx, ...kafka.Message) error) is taken for it.
func (r *Result) interfaceSummary(m *types.Func) *Summary {
	iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if !ok || m.Pkg() == nil || !r.searchable(m.Pkg()) {
		return nil
	}
	var impls []*types.Func
	if r.mayImplement(m.Name()) {
		for _, tn := range r.implementers(m.Name()) {
			if fn := r.ifc0().implementation(tn, iface, m); fn != nil {
				impls = append(impls, fn)
			}
		}
		impls = r.countedImpls(m, impls)
	}
	if len(impls) == 0 {
		out := &Summary{}
		for k := range numEffects {
			if lib := r.mirror(m, r.sets[k]); lib != nil {
				*out.chain(k) = []string{funcname.Lib(lib, nil)}
			}
		}
		return out
	}
	var out *Summary
	for i, fn := range impls {
		s := r.summary(fn)
		var chains [numEffects][]string
		has := s != nil
		for k := range numEffects {
			chains[k] = r.funcChain(fn, k)
			has = has || chains[k] != nil
		}
		if !has {
			return nil
		}
		if s == nil {
			s = &Summary{}
		}
		if i == 0 {
			out = &Summary{Begins: s.Begins, Ends: s.Ends, Calls: s.Calls}
			for k := range numEffects {
				*out.chain(k) = chains[k]
			}
			continue
		}
		for k := range numEffects {
			if chains[k] == nil {
				*out.chain(k) = nil
			}
		}
		if s.Begins == "" {
			out.Begins = ""
		}
		out.Ends = intersectInts(out.Ends, s.Ends)
		out.Calls = intersectCalls(out.Calls, s.Calls)
	}
	return out
}

func intersectInts(a, b []int) []int {
	var out []int
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

func intersectCalls(a, b []Call) []Call {
	var out []Call
	for _, x := range a {
		for _, y := range b {
			if x.Param == y.Param {
				if y.InTx == "" {
					x.InTx = ""
				}
				x.Go = x.Go && y.Go
				out = append(out, x)
				break
			}
		}
	}
	return out
}

func (r *Result) ifc0() *ifaces {
	if r.ifc == nil {
		r.ifc = &ifaces{declaring: make(map[string][]int), libs: make(map[string]*types.Package)}
	}
	return r.ifc
}

// mayImplement reports whether a method named name may have an effect:
// the package declares a method of that name, or a dependency exported a
// summary for one, or the table has one.
func (r *Result) mayImplement(name string) bool {
	x := r.ifc0()
	if x.methodNames == nil {
		x.methodNames = make(map[string]bool)
		for fn := range r.decls {
			if fn.Signature().Recv() != nil {
				x.methodNames[fn.Name()] = true
			}
		}
		for _, set := range r.sets {
			for _, f := range set.Funcs() {
				if f.Recv != "" {
					x.methodNames[f.Name] = true
				}
			}
		}
		for _, f := range r.pass.AllObjectFacts() {
			if fn, ok := f.Object.(*types.Func); ok && fn.Signature().Recv() != nil {
				x.methodNames[fn.Name()] = true
			}
		}
	}
	return x.methodNames[name]
}

// implementers returns, in a stable order (the analysed package, then its
// direct imports; each scope's names sorted), the concrete types that may
// have a method named name: those declaring one, and those with embedded
// fields (promoted methods). The index is built once per pass.
func (r *Result) implementers(name string) []*types.TypeName {
	x := r.ifc0()
	if x.types == nil {
		x.types = []*types.TypeName{}
		for _, pkg := range r.scopes() {
			scope := pkg.Scope()
			for _, n := range scope.Names() {
				tn, ok := scope.Lookup(n).(*types.TypeName)
				if !ok || tn.IsAlias() || r.inTestFile(tn) {
					continue
				}
				named, ok := tn.Type().(*types.Named)
				if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
					continue
				}
				i := len(x.types)
				x.types = append(x.types, tn)
				for m := range named.Methods() {
					x.declaring[m.Name()] = append(x.declaring[m.Name()], i)
				}
				if st, ok := named.Underlying().(*types.Struct); ok && hasEmbedded(st) {
					x.embedding = append(x.embedding, i)
				}
			}
		}
	}
	a, b := x.declaring[name], x.embedding
	out := make([]*types.TypeName, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
			out, a = append(out, x.types[a[0]]), a[1:]
		case len(a) == 0 || b[0] < a[0]:
			out, b = append(out, x.types[b[0]]), b[1:]
		default:
			out, a, b = append(out, x.types[a[0]]), a[1:], b[1:]
		}
	}
	return out
}

// inTestFile reports whether tn is declared in a _test.go file of the
// analysed package.
func (r *Result) inTestFile(tn *types.TypeName) bool {
	if tn.Pkg() != r.pass.Pkg {
		return false
	}
	f := r.pass.Fset.File(tn.Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
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
	return methodOf(satisfier(tn, iface), m)
}

// implementation is the package function, with satisfier memoised per
// type and interface.
func (x *ifaces) implementation(tn *types.TypeName, iface *types.Interface, m *types.Func) *types.Func {
	k := satisfyKey{tn, iface}
	x.satMu.Lock()
	t, ok := x.satisfying[k]
	x.satMu.Unlock()
	if !ok {
		t = satisfier(tn, iface)
		x.satMu.Lock()
		if x.satisfying == nil {
			x.satisfying = make(map[satisfyKey]types.Type)
		}
		x.satisfying[k] = t
		x.satMu.Unlock()
	}
	return methodOf(t, m)
}

// satisfier returns which of tn's type T and *T implements iface (T
// first), or nil.
func satisfier(tn *types.TypeName, iface *types.Interface) types.Type {
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
	return t
}

// methodOf returns t's method implementing m, or nil (nil t: nil). A
// type that has m only by embedding the interface (oapi-codegen's
// ClientWithResponses embeds ClientInterface; a wrapper struct{ Store })
// yields nil: its method is m itself, promoted from the field, so it
// forwards to whatever the field holds, which is one of the other
// implementations. Counting it would make m's summary depend on itself,
// an empty summary that every implementation must agree with, and so
// would hide what the real implementation (the generated *Client sending
// through its HttpRequestDoer) does.
func methodOf(t types.Type, m *types.Func) *types.Func {
	if t == nil {
		return nil
	}
	sel, _, _ := types.LookupFieldOrMethod(t, false, m.Pkg(), m.Name())
	fn, _ := sel.(*types.Func)
	if fn != nil && fn.Origin() == m.Origin() {
		return nil
	}
	return fn
}

// Implementations returns the methods implementing the interface method m
// among the concrete types of the analysed package and its direct imports
// (types of test files excluded), in a stable order. It returns nil when
// m is not an interface method, or one of the standard library.
func (r *Result) Implementations(m *types.Func) []*types.Func {
	if r == nil || m == nil || !isInterfaceMethod(m) {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.implementations(m))
}

func (r *Result) implementations(m *types.Func) []*types.Func {
	x := r.ifc0()
	if out, ok := x.impls[m]; ok {
		return out
	}
	out := r.findImplementations(m)
	if x.impls == nil {
		x.impls = make(map[*types.Func][]*types.Func)
	}
	x.impls[m] = out
	return out
}

// hasImplementation reports whether implementations(m) is not empty,
// without computing all of them: the port question (portMethod) is asked
// of every interface method a package refers to, and the first
// implementation found answers it.
func (r *Result) hasImplementation(m *types.Func) bool {
	x := r.ifc0()
	if out, ok := x.impls[m]; ok {
		return len(out) > 0
	}
	if has, ok := x.implemented[m]; ok {
		return has
	}
	has := false
	iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if ok && m.Pkg() != nil && !apis.IsStdlib(m.Pkg().Path()) && r.searchable(m.Pkg()) {
		// The types declaring the method first: an implementation is
		// most likely among them, and the answer is yes or no, not a
		// list. Generated code (ANTLR parse trees) has hundreds of types
		// with embedded fields and interfaces to match against them.
		r.implementers(m.Name()) // builds the index
		for _, list := range [][]int{x.declaring[m.Name()], x.embedding} {
			for _, i := range list {
				if x.implementation(x.types[i], iface, m) != nil {
					has = true
					break
				}
			}
			if has {
				break
			}
		}
	}
	if x.implemented == nil {
		x.implemented = make(map[*types.Func]bool)
	}
	x.implemented[m] = has
	return has
}

func (r *Result) findImplementations(m *types.Func) []*types.Func {
	iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if !ok || m.Pkg() == nil || apis.IsStdlib(m.Pkg().Path()) || !r.searchable(m.Pkg()) {
		return nil
	}
	var out []*types.Func
	for _, tn := range r.implementers(m.Name()) {
		if len(out) >= maxTargets {
			break
		}
		if fn := r.ifc0().implementation(tn, iface, m); fn != nil {
			out = append(out, fn)
		}
	}
	return out
}

// StandsFor returns the library function of set that a call of the
// interface method m makes: the one every implementation in sight is
// (a project's Reader interface that *kafka.Reader implements), or, with
// no implementation in sight, the one m mirrors (see Mirror). It returns
// nil otherwise.
func (r *Result) StandsFor(m *types.Func, set *apis.Set) *types.Func {
	if r == nil || m == nil || !isInterfaceMethod(m) {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	impls := r.implementations(m)
	if len(impls) == 0 {
		return r.mirror(m, set)
	}
	for _, fn := range impls {
		if !set.Match(fn) {
			return nil
		}
	}
	return impls[0]
}

// Mirror returns the library function of set whose name and signature
// (receiver aside) the interface method m mirrors (WriteMessages(ctx
// context.Context, msgs ...kafka.Message) error mirrors (*kafka.Writer).
// WriteMessages), or nil. Only libraries within the package's reach are
// looked at.
func (r *Result) Mirror(m *types.Func, set *apis.Set) *types.Func {
	if r == nil || m == nil || !isInterfaceMethod(m) {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.mirror(m, set)
}

func (r *Result) mirror(m *types.Func, set *apis.Set) *types.Func {
	for _, f := range set.Funcs() {
		if f.Recv == "" || f.Name != m.Name() {
			continue
		}
		pkg := r.lib(f.Path)
		if pkg == nil {
			continue
		}
		tn, ok := pkg.Scope().Lookup(f.Recv).(*types.TypeName)
		if !ok {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, f.Name)
		lib, ok := obj.(*types.Func)
		if ok && sameShape(lib.Signature(), m.Signature()) {
			return lib
		}
	}
	return r.shapeMirror(m, set)
}

func sameShape(a, b *types.Signature) bool {
	return types.Identical(
		types.NewSignatureType(nil, nil, nil, a.Params(), a.Results(), a.Variadic()),
		types.NewSignatureType(nil, nil, nil, b.Params(), b.Results(), b.Variadic()))
}

// lib returns the package of normalized path p among the packages the
// analysed package reaches, or nil.
func (r *Result) lib(p string) *types.Package {
	x := r.ifc0()
	if pkg, ok := x.libs[p]; ok {
		return pkg
	}
	var found *types.Package
	seen := make(map[*types.Package]bool)
	var walk func(pkg *types.Package)
	walk = func(pkg *types.Package) {
		if found != nil || seen[pkg] {
			return
		}
		seen[pkg] = true
		if apis.NormPath(pkg.Path()) == p {
			found = pkg
			return
		}
		for _, imp := range pkg.Imports() {
			walk(imp)
		}
	}
	walk(r.pass.Pkg)
	x.libs[p] = found
	return found
}
