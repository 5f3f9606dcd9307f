package inbox

import (
	"go/ast"

	"github.com/idemlint/idemlint/internal/apis"
)

// A claim that is not in the transaction of the work it gates commits on
// its own: when the work then fails or is cut, the claim stays, and the
// redelivery finds it and skips the message as a duplicate. For a
// consumer it acts as an offset commit made before the work (offsetorder).

// StandaloneClaim reports whether call, in the function whose body is
// body, claims a stable ID outside any transaction of that function (no
// argument or receiver holds a transaction, and the claim is not made
// through one) and body tests its outcome (skips on an existing claim):
// a pool's INSERT ... ON CONFLICT DO NOTHING, idem/dedup's Claim, or a
// project helper that claims (ClaimsKey) on its own connection.
func (r *Result) StandaloneClaim(body *ast.BlockStmt, call *ast.CallExpr) bool {
	if r == nil || r.u == nil || body == nil || call == nil {
		return false
	}
	u := r.u
	var later []*ast.CallExpr
	seen := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if seen {
				later = append(later, c)
			}
			seen = seen || c == call
		}
		return true
	})
	if !u.isClaim(call, later) || !u.outcomeTested(body, call) {
		return false
	}
	if inTxCallback(u, body, call) {
		return false // made with the transaction of a BeginFunc-style callback (gorm's Transaction)
	}
	if fn := calleeDecl(u, call); fn != nil && len(u.txValues(fn.Recv, fn.Type, fn.Body)) > 0 {
		return false // the helper claims with a transaction of its own or its caller's
	}
	return !mentions(u.info, call, u.txValues(nil, &ast.FuncType{}, body)) && !passesTx(u, call)
}

// passesTx reports whether the claim is given a transaction that a call
// yields (uow.Tx(), a unit of work's getter): the claim then runs in that
// transaction, like the work given the same getter's result.
func passesTx(u *units, call *ast.CallExpr) bool {
	found := false
	for _, a := range append([]ast.Expr{call.Fun}, call.Args...) {
		ast.Inspect(a, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && c != call && u.info.TypeOf(c) != nil && apis.IsTx(u.info.TypeOf(c)) {
				found = true
			}
			return !found
		})
	}
	return found
}

// calleeDecl returns the declaration of the package's function call calls.
func calleeDecl(u *units, call *ast.CallExpr) *ast.FuncDecl {
	for fn, fd := range u.decls {
		if id := calleeIdent(call); id != nil && u.info.Uses[id] == fn {
			return fd
		}
	}
	return nil
}

func calleeIdent(call *ast.CallExpr) *ast.Ident {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}

// inTxCallback reports whether call is inside a function literal of body
// that a BeginFunc-style call runs in its transaction
// (db.Transaction(func(tx *gorm.DB) error {...}), pgx.BeginFunc).
func inTxCallback(u *units, body *ast.BlockStmt, call *ast.CallExpr) bool {
	found := u.txBodies[body]
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && u.txLits[lit.Type] && contains(lit, call) {
			found = true
		}
		return !found
	})
	return found
}
