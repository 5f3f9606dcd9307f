package calls

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// ProvidesType reports whether the package's non-test files (outside the
// files skip rejects) hand a dependency-injection container a constructor
// of the type named name of package pkg: a function passed as a call
// argument (fx.Provide(expiry.NewSweeper), fx.Annotate(...)) whose result
// is the type or a pointer to it, or a reference to another package's
// module that registers such a constructor (its Provides fact). A root that provides only the
// implementation of a port, and not the type whose method calls it,
// does not run that method (ProvideSite alone wires nothing to it).
func (r *Result) ProvidesType(pkg *types.Package, name string, skip func(token.Pos) bool) bool {
	if r == nil || pkg == nil || name == "" {
		return false
	}
	returns := func(fn *types.Func) bool {
		res := fn.Signature().Results()
		for i := range res.Len() {
			t := res.At(i).Type()
			if p, ok := types.Unalias(t).(*types.Pointer); ok {
				t = p.Elem()
			}
			if named, ok := types.Unalias(t).(*types.Named); ok && named.Obj().Pkg() == pkg && named.Obj().Name() == name {
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
		found := false
		key := pkg.Path() + "." + name
		ast.Inspect(file, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				for _, arg := range n.Args {
					if fn := funcOf(info, arg); fn != nil && returns(fn) {
						found = true
					}
				}
			case *ast.Ident: // another package's module that registers it (provides.go)
				found = r.providesAny(info.Uses[n], key)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
