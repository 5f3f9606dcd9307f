package calls

import (
	"go/ast"
	"go/types"
)

// A function literal or method value kept in a local variable and then
// passed as an argument is passed as that argument:
//
//	release := func() error { return wallet.Release(id) }
//	return repo.ChangeStatusWith(id, "completed", release)
//
// runs the literal where ChangeStatusWith calls its parameter (inside the
// transaction it begins). The index records such literals with the call
// they are passed to, as if they were written in the call (litArgs,
// declArgs); a literal passed directly keeps its own call.

// localFunc returns the local variable of function type that e names, or
// nil (a package variable, a field or a parameter holds values stored
// elsewhere).
func (r *Result) localFunc(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	return v
}

// indexLocalArgs records, for each local variable passed as an argument,
// the literals and the package's functions stored in it (every store, at
// most maxTargets) as passed at that argument.
func (r *Result) indexLocalArgs(x *index, args []argOf) {
	for _, a := range args {
		for _, fv := range r.values(a.call.Args[a.idx]) {
			switch {
			case fv.lit != nil:
				if _, ok := x.litArgs[fv.lit]; !ok {
					x.litArgs[fv.lit] = a
				}
			case fv.fn != nil && r.decls[fv.fn] != nil:
				x.declArgs[fv.fn] = append(x.declArgs[fv.fn], a)
			}
		}
	}
}
