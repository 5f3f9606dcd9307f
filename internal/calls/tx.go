package calls

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

var (
	txBegins    = apis.TxBegins()
	txCommits   = apis.TxCommits()
	txRollbacks = apis.TxRollbacks()
)

// BeginsHeldTx returns where the transaction begins that fn begins and
// returns held in a struct (a unit of work: tm.Begin(ctx) returns
// *UnitOfWork{tx: tx}), or "" when it does not.
func (r *Result) BeginsHeldTx(fn *types.Func) string {
	if r == nil || fn == nil || !returnsHeldTx(fn.Origin()) {
		return ""
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if s := r.summary(fn); s != nil {
		return s.Begins
	}
	return ""
}

// returnsHeldTx reports whether fn's first result is a struct (or pointer
// to one) with a transaction field, not a transaction itself.
func returnsHeldTx(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return false
	}
	t := res.At(0).Type()
	return !apis.IsTx(t) && HoldsTx(t)
}

// isBeginCall reports whether call begins a transaction: a library begin
// (pool.Begin), a function that returns a transaction it does not receive
// (a store's BeginTx wrapper, not the getter uow.Tx()), or one whose
// summary says it begins a transaction held in a struct.
func (r *Result) isBeginCall(call *ast.CallExpr) bool {
	fn := apis.Callee(r.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	if txBegins.Match(fn) {
		return true
	}
	if r.returnsTx(call) && !ReceivesTx(fn) {
		return true
	}
	return r.beginsHeld(fn)
}

func (r *Result) beginsHeld(fn *types.Func) bool {
	if !returnsHeldTx(fn.Origin()) {
		return false
	}
	s := r.summary(fn)
	return s != nil && s.Begins != ""
}

// computeBegins looks in fn's body (not in its function literals) for a
// transaction begun and stored in the value it returns: return
// &UnitOfWork{tx: tx} or u.tx = tx; return u, where tx comes from a begin.
// It returns where that transaction begins, or "".
func (r *Result) computeBegins(decl *ast.FuncDecl) string {
	begun := make(map[*types.Var]*ast.CallExpr) // tx, err := pool.Begin(ctx)
	holders := make(map[*types.Var]*ast.CallExpr)
	found := ""
	beginIn := func(e ast.Expr) *ast.CallExpr {
		var b *ast.CallExpr
		ast.Inspect(e, func(n ast.Node) bool {
			if b != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.Ident:
				if v, ok := r.pass.TypesInfo.Uses[n].(*types.Var); ok {
					if call := begun[v]; call != nil {
						b = call
					} else if call := holders[v]; call != nil {
						b = call
					}
				}
			case *ast.CallExpr:
				if r.isBeginCall(n) {
					b = n
				}
			}
			return b == nil
		})
		return b
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && r.isBeginCall(call) {
					if v := r.varOf(n.Lhs[0]); v != nil {
						begun[v] = call
					}
					return true
				}
			}
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				b := beginIn(n.Rhs[i])
				if b == nil {
					continue
				}
				if v := r.varOf(l); v != nil {
					holders[v] = b
				} else if v := r.rootVar(l); v != nil {
					holders[v] = b
				}
			}
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				if b := beginIn(n.Results[0]); b != nil {
					found = r.where(b.Pos())
				}
			}
		}
		return true
	})
	return found
}

// EndsTx returns whether fn commits or rolls back the transaction held by
// its receiver, and the parameters whose transaction it ends
// (dbx.Commit(tx), (*UnitOfWork).Commit).
func (r *Result) EndsTx(fn *types.Func) (recv bool, params []int) {
	if r == nil || fn == nil {
		return false, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ends(fn)
}

func (r *Result) ends(fn *types.Func) (recv bool, params []int) {
	s := r.summary(fn)
	if s == nil {
		return false, nil
	}
	for _, p := range s.Ends {
		if p < 0 {
			recv = true
		} else {
			params = append(params, p)
		}
	}
	return recv, params
}

// computeEnds looks in fn's body for a Commit or Rollback of a transaction
// held by its receiver or a parameter, directly or through another
// function that ends it. The receiver comes first (-1), then parameters.
func (r *Result) computeEnds(fn *types.Func, decl *ast.FuncDecl) []int {
	index := make(map[*types.Var]int) // -1: the receiver
	if rv := fn.Signature().Recv(); rv != nil {
		index[rv] = -1
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		index[params.At(i)] = i
	}
	seen := make(map[int]bool)
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, v := range r.closedVars(call) {
			if i, ok := index[v]; ok {
				seen[i] = true
			}
		}
		return true
	})
	var out []int
	for i := -1; i < params.Len(); i++ {
		if seen[i] {
			out = append(out, i)
		}
	}
	return out
}

// closedVars returns the variables holding the transactions call commits or
// rolls back: the root of the receiver of tx.Commit (tx, u in u.tx.Commit),
// or the arguments and receiver a function that ends a transaction ends.
func (r *Result) closedVars(call *ast.CallExpr) []*types.Var {
	fn := apis.Callee(r.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if txCommits.Match(fn) || txRollbacks.Match(fn) {
		if isSel {
			if v := r.rootVar(sel.X); v != nil {
				return []*types.Var{v}
			}
		}
		return nil
	}
	recv, params := r.ends(fn)
	var out []*types.Var
	if recv && isSel && fn.Signature().Recv() != nil {
		if v := r.rootVar(sel.X); v != nil {
			out = append(out, v)
		}
	}
	for _, i := range params {
		if i < len(call.Args) {
			if v := r.rootVar(call.Args[i]); v != nil {
				out = append(out, v)
			}
		}
	}
	return out
}

// rootVar returns the variable at the root of e (tx, u in u.tx, *p, u in
// u.Tx()), or nil.
func (r *Result) rootVar(e ast.Expr) *types.Var {
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
			fn := apis.Callee(r.pass.TypesInfo, x)
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if fn == nil || !ok || len(x.Args) > 0 || fn.Signature().Recv() == nil || !returnsTxType(fn) {
				return nil
			}
			e = sel.X
		case *ast.Ident:
			v, _ := r.pass.TypesInfo.Uses[x].(*types.Var)
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

// returnsTx reports whether call's first result is a transaction.
func (r *Result) returnsTx(call *ast.CallExpr) bool {
	tv, ok := r.pass.TypesInfo.Types[call]
	if !ok || tv.Type == nil {
		return false
	}
	t := tv.Type
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return false
		}
		t = tup.At(0).Type()
	}
	return apis.IsTx(t)
}

func (r *Result) varOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	obj := r.pass.TypesInfo.Defs[id]
	if obj == nil {
		obj = r.pass.TypesInfo.Uses[id]
	}
	v, _ := obj.(*types.Var)
	return v
}

// HoldsTx reports whether a value of type t holds a transaction: it is
// one, or a struct (or pointer to one) with a transaction field.
func HoldsTx(t types.Type) bool {
	if apis.IsTx(t) {
		return true
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if apis.IsTx(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// ReceivesTx reports whether fn takes a transaction as receiver or
// parameter: its own body runs inside its caller's transaction.
func ReceivesTx(fn *types.Func) bool {
	sig := fn.Signature()
	if rv := sig.Recv(); rv != nil && HoldsTx(rv.Type()) {
		return true
	}
	for i := range sig.Params().Len() {
		if HoldsTx(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}
