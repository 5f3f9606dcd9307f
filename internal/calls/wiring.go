package calls

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// Implementations out of sight (DESIGN.md, "the direction problem").
// Clean-architecture code declares an interface in the use case's package
// and implements it in an adapter the use case never imports; the
// composition root (main, a wire_gen.go, a module's constructor) imports
// both. Facts flow only from a package to its importers, so where the
// call is made the implementation is unknown, and where the
// implementation is declared the call may be unknown too. An analyzer
// that meets such a call records it as a pending fact on a function or
// interface method of its own package; the first package that sees both
// the pending fact and an implementation (VisibleImplementations) with
// the missing effect completes it and reports there, at the place that
// builds the use case (WiringSite), naming the call site — and records
// that it did (a package fact of the analyzer), so that its importers do
// not report it again.

// MethodKey names an interface method in a fact: "import/path.Iface.Method".
func MethodKey(m *types.Func) string {
	recv := m.Signature().Recv()
	if recv == nil || m.Pkg() == nil {
		return ""
	}
	named, ok := types.Unalias(recv.Type()).(*types.Named)
	if !ok {
		return ""
	}
	return m.Pkg().Path() + "." + named.Obj().Name() + "." + m.Name()
}

// MethodByKey returns the interface method named by key (see MethodKey)
// among the packages the analysed package reaches, or nil.
func (r *Result) MethodByKey(key string) *types.Func {
	if r == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fn := MethodOf(r.pass.Pkg, key)
	if fn == nil || !types.IsInterface(fn.Signature().Recv().Type()) {
		return nil
	}
	return fn
}

// MethodOf returns the method that key ("path.Type.Method", MethodKey's
// form) names among from and the packages it reaches — of an interface,
// or of a named type T or *T — or nil.
func MethodOf(from *types.Package, key string) *types.Func {
	dot := strings.LastIndex(key, ".")
	if dot < 0 {
		return nil
	}
	typeDot := strings.LastIndex(key[:dot], ".")
	if typeDot < 0 {
		return nil
	}
	path, typ, name := key[:typeDot], key[typeDot+1:dot], key[dot+1:]
	pkg := ReachablePackage(from, path)
	if pkg == nil {
		return nil
	}
	tn, ok := pkg.Scope().Lookup(typ).(*types.TypeName)
	if !ok {
		return nil
	}
	t := tn.Type()
	if !types.IsInterface(t) {
		t = types.NewPointer(t) // methods of T and *T
	}
	obj, _, _ := types.LookupFieldOrMethod(t, false, pkg, name)
	fn, _ := obj.(*types.Func)
	return fn
}

// reachable returns the package of import path p (not normalised) among the
// packages the analysed package reaches, or nil.
func (r *Result) reachable(p string) *types.Package { return ReachablePackage(r.pass.Pkg, p) }

// ReachablePackage returns the package of import path p (not normalised)
// among from and the packages it imports, directly or not, or nil.
func ReachablePackage(from *types.Package, p string) *types.Package {
	seen := make(map[*types.Package]bool)
	var walk func(pkg *types.Package) *types.Package
	walk = func(pkg *types.Package) *types.Package {
		if seen[pkg] {
			return nil
		}
		seen[pkg] = true
		if pkg.Path() == p {
			return pkg
		}
		for _, imp := range pkg.Imports() {
			if found := walk(imp); found != nil {
				return found
			}
		}
		return nil
	}
	return walk(from)
}

// Implements reports whether fn is the method a value of its receiver's
// type runs when called through the interface method m.
func Implements(fn, m *types.Func) bool {
	if fn == nil || m == nil {
		return false
	}
	fn = fn.Origin()
	recv := fn.Signature().Recv()
	if recv == nil || fn.Name() != m.Name() || !isInterfaceMethod(m) {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	impl := implementation(named.Obj(), iface, m)
	return impl != nil && impl.Origin() == fn
}

// VisibleImplementations returns the implementations of the interface
// method m that the package can see at any depth: those in sight (see
// Implementations) and the methods of the analysed code's other packages
// with a summary (only functions with an effect have one), in a stable
// order, at most maxTargets.
func (r *Result) VisibleImplementations(m *types.Func) []*types.Func {
	if r == nil || m == nil || !isInterfaceMethod(m) {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	out := slices.Clone(r.implementations(m))
	seen := make(map[*types.Func]bool)
	for _, fn := range out {
		seen[fn.Origin()] = true
	}
	for _, fn := range r.summarisedMethods(m.Name()) {
		if len(out) >= maxTargets {
			break
		}
		if !seen[fn] && Implements(fn, m) {
			seen[fn] = true
			out = append(out, fn)
		}
	}
	return out
}

// summarisedMethods returns the methods named name of other packages that
// carry a Summary fact, sorted by package path and position.
func (r *Result) summarisedMethods(name string) []*types.Func {
	x := r.ifc0()
	if x.summarised == nil {
		x.summarised = make(map[string][]*types.Func)
		for _, f := range r.pass.AllObjectFacts() {
			fn, ok := f.Object.(*types.Func)
			if !ok || fn.Pkg() == r.pass.Pkg || fn.Signature().Recv() == nil || isInterfaceMethod(fn) {
				continue
			}
			x.summarised[fn.Name()] = append(x.summarised[fn.Name()], fn)
		}
		for _, fns := range x.summarised {
			sort.Slice(fns, func(i, j int) bool {
				if fns[i].Pkg().Path() != fns[j].Pkg().Path() {
					return fns[i].Pkg().Path() < fns[j].Pkg().Path()
				}
				return fns[i].Pos() < fns[j].Pos()
			})
		}
	}
	return x.summarised[name]
}

// WiringSite returns where the package hands pkg's code an
// implementation of the interface method m: a call of a function of pkg
// (a constructor: tm.NewOutboxProcessor(stream, store)) with an argument
// for a parameter whose interface type has m (or whose struct type holds
// such an interface in a field: a struct of clients), or a composite literal of a
// struct type of pkg with such a field set — in source order, outside
// test files and the files skip rejects (generated ones: a report there
// would be dropped); token.NoPos when it has none. When prefer names a
// type of pkg (the one whose method left the site pending), a call that
// returns it, or a literal of it, is preferred to an earlier wiring of
// another type.
func (r *Result) WiringSite(pkg *types.Package, m *types.Func, prefer string, skip func(token.Pos) bool) token.Pos {
	if r == nil || pkg == nil || m == nil {
		return token.NoPos
	}
	isM := func(t types.Type) bool {
		if !types.IsInterface(t) {
			return false
		}
		obj, _, _ := types.LookupFieldOrMethod(t, false, m.Pkg(), m.Name())
		fn, ok := obj.(*types.Func)
		return ok && fn.Origin() == m.Origin()
	}
	// hasM: the interface itself, or a struct of clients of another
	// package holding it in a field (repo.New(db, &ports.Clients{Product:
	// adapter})), one level. A struct of pkg itself is not one: handing
	// pkg its own value (NewTracingDecorator(relay)) wires nothing new.
	hasM := func(t types.Type) bool {
		if isM(t) {
			return true
		}
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if named, ok := types.Unalias(t).(*types.Named); !ok || named.Obj().Pkg() == pkg {
			return false
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return false
		}
		for f := range st.Fields() {
			if isM(f.Type()) {
				return true
			}
		}
		return false
	}
	isPreferred := func(t types.Type) bool {
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := types.Unalias(t).(*types.Named)
		return ok && prefer != "" && named.Obj().Pkg() == pkg && named.Obj().Name() == prefer
	}
	info := r.pass.TypesInfo
	var first, preferred token.Pos
	for _, file := range r.pass.Files {
		if f := r.pass.Fset.File(file.Pos()); f != nil && strings.HasSuffix(f.Name(), "_test.go") || skip != nil && skip(file.Pos()) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if preferred.IsValid() {
				return false
			}
			var wires, builds bool
			switch n := n.(type) {
			case *ast.CallExpr:
				fn := apis.Callee(info, n)
				if fn == nil || fn.Pkg() != pkg {
					return true
				}
				params := fn.Signature().Params()
				for i := range n.Args {
					j := min(i, params.Len()-1)
					if j < 0 {
						break
					}
					t := params.At(j).Type()
					if fn.Signature().Variadic() && j == params.Len()-1 {
						if sl, ok := t.(*types.Slice); ok && !n.Ellipsis.IsValid() {
							t = sl.Elem()
						}
					}
					if hasM(t) {
						wires = true
						break
					}
				}
				res := fn.Signature().Results()
				for i := range res.Len() {
					builds = builds || isPreferred(res.At(i).Type())
				}
			case *ast.CompositeLit:
				tv, ok := info.Types[n]
				if !ok {
					return true
				}
				named, ok := types.Unalias(tv.Type).(*types.Named)
				if !ok || named.Obj().Pkg() != pkg {
					return true
				}
				st, ok := named.Underlying().(*types.Struct)
				if !ok {
					return true
				}
				for _, el := range n.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					if key, ok := kv.Key.(*ast.Ident); ok {
						for f := range st.Fields() {
							if f.Name() == key.Name && hasM(f.Type()) {
								wires = true
							}
						}
					}
				}
				builds = isPreferred(named)
			default:
				return true
			}
			if wires {
				if !first.IsValid() {
					first = n.Pos()
				}
				if builds {
					preferred = n.Pos()
				}
			}
			return true
		})
	}
	if preferred.IsValid() {
		return preferred
	}
	return first
}

// InterfaceRef returns the package's first mention of the interface type
// that declares m (a struct field or parameter holding the use case's
// interface, as an App struct does when its wiring is generated), outside
// test files and the files skip rejects; token.NoPos when it has none.
func (r *Result) InterfaceRef(m *types.Func, skip func(token.Pos) bool) token.Pos {
	if r == nil || m == nil || !isInterfaceMethod(m) {
		return token.NoPos
	}
	named, ok := types.Unalias(m.Signature().Recv().Type()).(*types.Named)
	if !ok {
		return token.NoPos
	}
	obj := named.Obj()
	for _, file := range r.pass.Files {
		if f := r.pass.Fset.File(file.Pos()); f != nil && strings.HasSuffix(f.Name(), "_test.go") || skip != nil && skip(file.Pos()) {
			continue
		}
		var at token.Pos
		ast.Inspect(file, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !at.IsValid() && r.pass.TypesInfo.Uses[id] == obj {
				at = id.Pos()
			}
			return !at.IsValid()
		})
		if at.IsValid() {
			return at
		}
	}
	return token.NoPos
}

// publishName matches the names of methods that hand a message or event
// to a broker (Publish, SendEvent, Emit, Produce, Dispatch, ...).
var publishName = regexp.MustCompile(`^(?i:publish|send|emit|produce|dispatch|write|push|deliver|notify|enqueue|broadcast|relay)`)

// PublishLike reports whether fn is a method of a named interface outside
// the standard library whose name says it hands a message to a broker: a
// use case's port that an adapter may implement with a publish. Gates and
// pending sites use it to leave the many other interface calls alone.
func PublishLike(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || apis.IsStdlib(fn.Pkg().Path()) || !isInterfaceMethod(fn) {
		return false
	}
	if _, named := types.Unalias(fn.Signature().Recv().Type()).(*types.Named); !named {
		return false
	}
	return publishName.MatchString(fn.Name())
}

// ProvideSite returns where the package hands a dependency-injection
// container the constructor of impl's type, when no call wires it
// directly (WiringSite): the first function passed as a value, not called,
// as an argument of a call (uber-fx's fx.Provide(repo.NewOrders), dig's
// c.Provide, wire.NewSet) whose results include impl's receiver type (T or
// *T) or the interface that declares m, or a reference to another
// package's variable or function that registers such a provider (its
// Provides fact: fx.New(messaging.Module)) — outside test files and the
// files skip rejects; token.NoPos when it has none.
func (r *Result) ProvideSite(impl, m *types.Func, skip func(token.Pos) bool) token.Pos {
	if r == nil || impl == nil || m == nil || !isInterfaceMethod(m) {
		return token.NoPos
	}
	recv := impl.Signature().Recv()
	if recv == nil {
		return token.NoPos
	}
	implType := recv.Type()
	if p, ok := implType.(*types.Pointer); ok {
		implType = p.Elem()
	}
	iface := m.Signature().Recv().Type()
	provides := func(fn *types.Func) bool {
		res := fn.Signature().Results()
		for i := range res.Len() {
			t := res.At(i).Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if types.Identical(t, implType) || types.Identical(t, iface) {
				return true
			}
		}
		return false
	}
	info := r.pass.TypesInfo
	for _, file := range r.pass.Files {
		if f := r.pass.Fset.File(file.Pos()); f != nil && strings.HasSuffix(f.Name(), "_test.go") || skip != nil && skip(file.Pos()) {
			continue
		}
		var at token.Pos
		ast.Inspect(file, func(n ast.Node) bool {
			if at.IsValid() {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				for _, arg := range n.Args {
					if fn := funcOf(info, arg); fn != nil && provides(fn) {
						at = arg.Pos()
						return false
					}
				}
			case *ast.Ident: // another package's module of registrations (provides.go)
				if r.providesAny(info.Uses[n], providedKey(implType), providedKey(iface)) {
					at = n.Pos()
					return false
				}
			}
			return true
		})
		if at.IsValid() {
			return at
		}
	}
	return token.NoPos
}

// testSupportElem matches an import-path element of test support code:
// fixtures, mocks and test helpers outside _test.go files.
var testSupportElem = regexp.MustCompile(`^(?i:tests?|testing|testutils?|testhelpers?|test_?fixtures?|fixtures?|mocks?|fakes?|e2e|integration_?tests?|unit_?tests?)$`)

// TestSupport reports whether pkg is test support code (a path element
// like tests, mocks, test_fixture): its wiring builds the application for
// a test, and a finding there would repeat the one at the real root.
func TestSupport(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	for elem := range strings.SplitSeq(pkg.Path(), "/") {
		if testSupportElem.MatchString(elem) {
			return true
		}
	}
	return false
}
