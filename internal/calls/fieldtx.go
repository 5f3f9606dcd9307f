package calls

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// Transactions held in a field of a unit of work: a method begins the
// transaction and stores it in its receiver (u.tx, err = u.db.BeginTx(ctx,
// nil)), another commits it (u.tx.Commit()), and the caller holds it open
// between the two:
//
//	if err := uow.Begin(ctx); err != nil { ... }
//	defer uow.Rollback()
//	...            // inside the transaction
//	return uow.Commit()
//
// The begin method's summary says where the transaction begins (Begins,
// as for a begin that returns the transaction held in a struct); a call of
// it starts a region whose variable is the unit of work, ended by a call
// of a method that ends its receiver's transaction (Ends) or a new value
// of the variable. The bound: the begin and the store are in the method's
// own body (not in a helper it calls), the stored value is the begin's
// result or a local variable it was assigned to, and the receiver is a
// pointer (a value receiver stores into a copy).

// computeStoredBegin looks in the body of the method fn (not in its
// function literals) for a transaction begun and stored in a field of its
// pointer receiver, and returns where it begins, or "".
func (r *Result) computeStoredBegin(fn *types.Func, decl *ast.FuncDecl) string {
	recv := fn.Signature().Recv()
	if recv == nil || decl.Body == nil || !returnsErrorOnly(fn) {
		return ""
	}
	if _, ok := types.Unalias(recv.Type()).(*types.Pointer); !ok {
		return ""
	}
	begun := make(map[*types.Var]*ast.CallExpr) // tx, err := u.db.BeginTx(ctx, nil)
	found := ""
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			var b *ast.CallExpr
			if len(n.Rhs) == 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && r.isBeginCall(call) {
					b = call
				}
			}
			for i, l := range n.Lhs {
				switch {
				case b != nil && i == 0:
					if v := r.varOf(l); v != nil {
						begun[v] = b
					} else if r.inField(l, recv) {
						found = r.where(b.Pos())
					}
				case b == nil && i < len(n.Rhs) && r.inField(l, recv):
					if v := r.varOf(n.Rhs[i]); v != nil && begun[v] != nil {
						found = r.where(begun[v].Pos())
					}
				}
			}
		}
		return found == ""
	})
	return found
}

// inField reports whether e is a field (at any depth) of the variable
// recv: u.tx, u.state.tx.
func (r *Result) inField(e ast.Expr, recv *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && r.rootVar(sel) == recv
}

// storedBeginAt reports whether node n calls a method that begins a
// transaction and stores it in its receiver (uow.Begin(ctx), err :=
// uow.Begin(ctx)), and returns the region's transaction, held by the
// variable at the root of the receiver, and the variable holding the
// call's error, if any.
func (r *Result) storedBeginAt(n ast.Node) (*Tx, *types.Var) {
	var call *ast.CallExpr
	var errVar *types.Var
	switch n := n.(type) {
	case *ast.ExprStmt:
		call, _ = ast.Unparen(n.X).(*ast.CallExpr)
	case *ast.AssignStmt:
		if len(n.Rhs) != 1 {
			return nil, nil
		}
		call, _ = ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
		if call != nil && len(n.Lhs) > 0 && r.isErrorExpr(n.Lhs[len(n.Lhs)-1]) {
			errVar = r.varOf(n.Lhs[len(n.Lhs)-1])
		}
	}
	if call == nil || !r.dbReach {
		return nil, nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	fn := apis.Callee(r.pass.TypesInfo, call)
	if fn == nil || fn.Signature().Recv() == nil || !returnsErrorOnly(fn) {
		return nil, nil
	}
	s := r.summary(fn)
	if s == nil || s.Begins == "" {
		return nil, nil
	}
	holder := r.rootVar(sel.X)
	if holder == nil {
		return nil, nil
	}
	where := r.where(call.Pos())
	return &Tx{Vars: []*types.Var{holder}, Desc: "begun at " + where, Where: where, Pos: call.Pos()}, errVar
}

// isErrorExpr reports whether e has type error.
func (r *Result) isErrorExpr(e ast.Expr) bool {
	t := r.pass.TypesInfo.TypeOf(e)
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// notOpenedHere returns the variables of held (parameters and receiver
// holding a transaction) whose transaction f does not open itself: f is
// not the method that begins its receiver's transaction (UnitOfWork.Begin),
// and does not call such a method on the variable (uow.Begin(ctx)). A
// unit of work passed in is closed until then; the region starts at the
// call (storedBeginAt).
func (r *Result) notOpenedHere(f function, held []*types.Var) []*types.Var {
	if len(held) == 0 || !r.dbReach {
		return held
	}
	opened := make(map[*types.Var]bool)
	if f.fn != nil && f.fn.Signature().Recv() != nil && !returnsHeldTx(f.fn.Origin()) {
		if s := r.summary(f.fn); s != nil && s.Begins != "" {
			opened[f.fn.Signature().Recv()] = true
		}
	}
	for _, b := range f.g.Blocks {
		for _, n := range b.Nodes {
			if tx, _ := r.storedBeginAt(n); tx != nil {
				for _, v := range tx.Vars {
					opened[v] = true
				}
			}
		}
	}
	out := held[:0:0]
	for _, v := range held {
		if !opened[v] {
			out = append(out, v)
		}
	}
	return out
}

// returnsErrorOnly reports whether fn returns nothing or only an error,
// as a begin that keeps its transaction in the receiver does; a method
// returning the transaction or a holder of it is a begin of its own kind
// (beginAt), and the test keeps the calls whose summaries are looked at few.
func returnsErrorOnly(fn *types.Func) bool {
	res := fn.Signature().Results()
	switch res.Len() {
	case 0:
		return true
	case 1:
		return types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type())
	}
	return false
}
