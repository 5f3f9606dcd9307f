package calls

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// Providers declared in one package and handed to a dependency-injection
// container in another. An uber-fx application often wires a package's
// constructors inside that package (var Module = fx.Module("messaging",
// fx.Provide(func(cfg Config) app.EventPublisher { return
// NewKafkaPublisher(cfg) }))), and the composition root only names the
// module (fx.New(messaging.Module, ...)). The root cannot see the
// module's syntax; the module's package records, on the variable or the
// function that holds the registrations, the types its provider functions
// return (Provides), and ProvideSite finds the root's reference to it.
//
// What is recorded: the results of every function value — a literal or a
// named function — passed as an argument of a call in the initializer of
// a package-level variable, or in the body of a function whose result is a
// type of a library (fx.Option, dig's options): the shape of a container
// registration. Bounds: maxProvided types per object, named types only.

// Provides lists the types (pointers stripped, types.TypeString) that the
// provider functions a package-level variable or function registers
// return.
type Provides struct {
	Types []string
}

// AFact implements analysis.Fact.
func (*Provides) AFact() {}

func (p *Provides) String() string { return "provides(" + strings.Join(p.Types, ", ") + ")" }

// maxProvided bounds the types of one Provides fact.
const maxProvided = 16

// exportProvides exports the package's Provides facts.
func (r *Result) exportProvides() {
	info := r.pass.TypesInfo
	for _, f := range r.pass.Files {
		if tf := r.pass.Fset.File(f.Pos()); tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok || len(vs.Names) != len(vs.Values) {
						continue
					}
					for i, v := range vs.Values {
						if obj := info.Defs[vs.Names[i]]; obj != nil {
							r.exportProvided(obj, v)
						}
					}
				}
			case *ast.FuncDecl:
				fn, ok := info.Defs[d.Name].(*types.Func)
				if ok && d.Body != nil && d.Recv == nil && r.returnsLibraryType(fn) {
					r.exportProvided(fn, d.Body)
				}
			}
		}
	}
}

// exportProvided exports the Provides fact of obj, whose registrations
// are in n.
func (r *Result) exportProvided(obj types.Object, n ast.Node) {
	var out []string
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return len(out) < maxProvided
		}
		for _, arg := range call.Args {
			for _, t := range r.providedBy(arg) {
				if len(out) < maxProvided && !slices.Contains(out, t) {
					out = append(out, t)
				}
			}
		}
		return len(out) < maxProvided
	})
	if len(out) > 0 {
		r.pass.ExportObjectFact(obj, &Provides{Types: out})
	}
}

// providedBy returns the named result types of arg when it is a function
// value (not a call of one), or nil.
func (r *Result) providedBy(arg ast.Expr) []string {
	var sig *types.Signature
	switch a := ast.Unparen(arg).(type) {
	case *ast.FuncLit:
		sig, _ = r.pass.TypesInfo.TypeOf(a).(*types.Signature)
	default:
		if fn := funcOf(r.pass.TypesInfo, arg); fn != nil {
			sig = fn.Signature()
		}
	}
	if sig == nil {
		return nil
	}
	var out []string
	for i := range sig.Results().Len() {
		if k := providedKey(sig.Results().At(i).Type()); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// providedKey names a provided type across packages: the named type
// behind t (a pointer stripped), "" for another type.
func providedKey(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return ""
	}
	return types.TypeString(t, nil)
}

// returnsLibraryType reports whether fn returns a named type of a library
// outside the standard library and the analysed module: the option type
// of a container (fx.Option).
func (r *Result) returnsLibraryType(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		n, ok := types.Unalias(res.At(i).Type()).(*types.Named)
		if ok && r.libraryPackage(n.Obj().Pkg()) {
			return true
		}
	}
	return false
}

// libraryPackage reports whether pkg is a library: outside the standard
// library and the analysed module (without module information, a package
// whose import path's first element differs from the analysed package's).
func (r *Result) libraryPackage(pkg *types.Package) bool {
	if pkg == nil || apis.IsStdlib(pkg.Path()) {
		return false
	}
	if m := r.pass.Module; m != nil && m.Path != "" {
		return !r.OwnModule(pkg)
	}
	first := func(p string) string { f, _, _ := strings.Cut(p, "/"); return f }
	return first(pkg.Path()) != first(r.pass.Pkg.Path())
}

// providesAny reports whether obj, of another package, carries a Provides
// fact with one of keys.
func (r *Result) providesAny(obj types.Object, keys ...string) bool {
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == r.pass.Pkg {
		return false
	}
	var p Provides
	if !r.pass.ImportObjectFact(obj, &p) {
		return false
	}
	for _, k := range keys {
		if k != "" && slices.Contains(p.Types, k) {
			return true
		}
	}
	return false
}
