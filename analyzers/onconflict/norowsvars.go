package onconflict

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// noRowsVars finds the package variables that hold ErrNoRows
// (var errNoRows = pgx.ErrNoRows, and variables initialised from those).
func (c *checker) noRowsVars() map[types.Object]bool {
	vars := make(map[types.Object]bool)
	for changed := true; changed; {
		changed = false
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.VAR {
					continue
				}
				for _, spec := range gd.Specs {
					vs := spec.(*ast.ValueSpec)
					if len(vs.Values) != len(vs.Names) {
						continue
					}
					for i, name := range vs.Names {
						obj := c.info.Defs[name]
						if obj == nil || vars[obj] || !c.namesNoRows(vs.Values[i], vars) {
							continue
						}
						vars[obj] = true
						changed = true
					}
				}
			}
		}
	}
	return vars
}

// namesNoRows reports whether e is ErrNoRows or a variable known to hold it.
func (c *checker) namesNoRows(e ast.Expr, vars map[types.Object]bool) bool {
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj = c.info.Uses[e]
	case *ast.SelectorExpr:
		obj = c.info.Uses[e.Sel]
	}
	if obj == nil {
		return false
	}
	if apis.IsErrNoRows(obj) || vars[obj] {
		return true
	}
	v, ok := obj.(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(v, new(IsNoRows))
}
