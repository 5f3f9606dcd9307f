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
// function with the EndsTx fact on one of them (dbx.Commit(tx),
// uow.Commit(ctx)), or an assignment of a new value to the variable. It returns
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
// by one of vars, directly or through a function with the EndsTx fact
// (of this package or, exported, of another: dbx.Commit(tx), uow.Commit(ctx)).
func (c *checker) closesTx(call *ast.CallExpr, vars []*types.Var) bool {
	for _, v := range c.closedVars(call) {
		if slices.Contains(vars, v) {
			return true
		}
	}
	return false
}

// closedVars returns the variables holding the transactions call commits or
// rolls back: the root of the receiver of tx.Commit (tx, u in u.tx.Commit),
// or the arguments and receiver a function with the EndsTx fact ends.
func (c *checker) closedVars(call *ast.CallExpr) []*types.Var {
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if commits.Match(fn) || rollbacks.Match(fn) {
		if isSel {
			if v := c.rootVar(sel.X); v != nil {
				return []*types.Var{v}
			}
		}
		return nil
	}
	f := c.endsTxOf(fn)
	if f == nil {
		return nil
	}
	var out []*types.Var
	if f.Recv && isSel && fn.Signature().Recv() != nil {
		if v := c.rootVar(sel.X); v != nil {
			out = append(out, v)
		}
	}
	for _, i := range f.Params {
		if i < len(call.Args) {
			if v := c.rootVar(call.Args[i]); v != nil {
				out = append(out, v)
			}
		}
	}
	return out
}

// rootVar returns the variable at the root of e (tx, u in u.tx, *p, u in
// u.Tx()), or nil.
func (c *checker) rootVar(e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		case *ast.CallExpr:
			// uow.Tx().Commit(ctx): a getter of the transaction u holds.
			fn := apis.Callee(c.pass.TypesInfo, x)
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if fn == nil || !ok || len(x.Args) > 0 || fn.Signature().Recv() == nil || !returnsTxType(fn) {
				return nil
			}
			e = sel.X
		case *ast.Ident:
			v, _ := c.pass.TypesInfo.Uses[x].(*types.Var)
			return v
		default:
			return nil
		}
	}
}

// returnsTxType reports whether fn's first result is a transaction.
func returnsTxType(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() > 0 && apis.IsTx(res.At(0).Type())
}
