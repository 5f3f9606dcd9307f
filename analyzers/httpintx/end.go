package httpintx

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/internal/apis"
)

var (
	commits   = apis.TxCommits()
	rollbacks = apis.TxRollbacks()
)

// endsTx returns the position at which node n ends tx: a Commit or
// Rollback on one of tx's variables (tx.Commit, u.tx.Rollback), a call of a
// function of this package that commits or rolls back the transaction it
// is passed, or an assignment of a new value to the variable. It returns
// NoPos if n does not end tx. A deferred Rollback runs at the function's
// exit and ends nothing where it is written.
func (c *checker) endsTx(n ast.Node, tx *txOpen) token.Pos {
	if len(tx.vars) == 0 {
		return token.NoPos
	}
	switch n.(type) {
	case *ast.DeferStmt, *ast.GoStmt:
		return token.NoPos
	}
	end := token.NoPos
	ast.Inspect(n, func(x ast.Node) bool {
		if end.IsValid() {
			return false
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if v := c.varOf(l); v != nil && slices.Contains(tx.vars, v) {
					end = x.Pos()
					return false
				}
			}
		case *ast.CallExpr:
			if c.closesTx(x, tx.vars) {
				end = x.Pos()
				return false
			}
		}
		return true
	})
	return end
}

// closesTx reports whether call commits or rolls back a transaction held
// by one of vars, directly or through a function of this package.
func (c *checker) closesTx(call *ast.CallExpr, vars []*types.Var) bool {
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	if commits.Match(fn) || rollbacks.Match(fn) {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && slices.Contains(vars, c.rootVar(sel.X))
	}
	decl := c.decls[fn.Origin()]
	if decl == nil {
		return false
	}
	// finish(ctx, tx, err): a helper that ends the transaction it is passed.
	f, ok := c.function(decl)
	if !ok {
		return false
	}
	params := c.params(f)
	if f.recv != nil && len(params) > 0 && len(f.recv.List) > 0 && len(f.recv.List[0].Names) > 0 {
		params = params[1:]
	}
	for i, a := range call.Args {
		if i >= len(params) || !slices.Contains(vars, c.rootVar(a)) {
			continue
		}
		if c.bodyCloses(decl.Body, params[i]) {
			return true
		}
	}
	return false
}

// bodyCloses reports whether body commits or rolls back the transaction held by v.
func (c *checker) bodyCloses(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok && !found {
			fn := apis.Callee(c.pass.TypesInfo, call)
			if fn != nil && (commits.Match(fn) || rollbacks.Match(fn)) {
				if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && c.rootVar(sel.X) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// rootVar returns the variable at the root of e (tx, u in u.tx, *p), or nil.
func (c *checker) rootVar(e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		case *ast.Ident:
			v, _ := c.pass.TypesInfo.Uses[x].(*types.Var)
			return v
		default:
			return nil
		}
	}
}
