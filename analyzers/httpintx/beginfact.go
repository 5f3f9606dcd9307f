package httpintx

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

var begins = apis.TxBegins()

// BeginsTx marks a function that begins a transaction and returns it held
// in a struct (a unit of work: tm.Begin(ctx) returns *UnitOfWork{tx: tx}):
// a call of it begins a transaction region, which the struct's methods
// with the EndsTx fact end. Begin is where the transaction begins
// ("txm.go:52").
type BeginsTx struct {
	Begin string
}

// AFact implements analysis.Fact.
func (*BeginsTx) AFact() {}

// String returns "beginsTx".
func (*BeginsTx) String() string { return "beginsTx" }

// beginsTxOf returns the BeginsTx fact of fn, computing it for functions of
// this package. Cycles are cut conservatively (no fact).
func (c *checker) beginsTxOf(fn *types.Func) *BeginsTx {
	fn = fn.Origin()
	if !returnsHeldTx(fn) {
		return nil
	}
	if fn.Pkg() != c.pass.Pkg {
		var f BeginsTx
		if c.pass.ImportObjectFact(fn, &f) {
			return &f
		}
		return nil
	}
	if f, ok := c.beginsMemo[fn]; ok || c.beginsStarted[fn] {
		return f
	}
	c.beginsStarted[fn] = true
	f := c.computeBeginsTx(fn)
	c.beginsMemo[fn] = f
	return f
}

// returnsHeldTx reports whether fn's first result is a struct (or pointer
// to one) with a transaction field, not a transaction itself.
func returnsHeldTx(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return false
	}
	t := res.At(0).Type()
	return !apis.IsTx(t) && holdsTx(t)
}

// isBeginCall reports whether call begins a transaction: a library begin
// (pool.Begin), a function that returns a transaction it does not receive
// (a store's BeginTx wrapper, not the getter uow.Tx()), or one with the
// BeginsTx fact.
func (c *checker) isBeginCall(call *ast.CallExpr) bool {
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	if begins.Match(fn) {
		return true
	}
	if c.returnsTx(call) && !receivesTx(fn) {
		return true
	}
	return c.beginsTxOf(fn) != nil
}

// computeBeginsTx looks in fn's body (not in its function literals) for a
// transaction begun and stored in the value it returns: return
// &UnitOfWork{tx: tx} or u.tx = tx; return u, where tx comes from a begin.
func (c *checker) computeBeginsTx(fn *types.Func) *BeginsTx {
	decl := c.decls[fn]
	if decl == nil {
		return nil
	}
	begun := make(map[*types.Var]*ast.CallExpr) // tx, err := pool.Begin(ctx)
	holders := make(map[*types.Var]*ast.CallExpr)
	var found *BeginsTx
	// beginIn returns the begin whose transaction e holds, or nil.
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
				if v, ok := c.pass.TypesInfo.Uses[n].(*types.Var); ok {
					if call := begun[v]; call != nil {
						b = call
					} else if call := holders[v]; call != nil {
						b = call
					}
				}
			case *ast.CallExpr:
				if c.isBeginCall(n) {
					b = n
				}
			}
			return b == nil
		})
		return b
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && c.isBeginCall(call) {
					if v := c.varOf(n.Lhs[0]); v != nil {
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
				// u := &UnitOfWork{tx: tx}, u.tx = tx
				if v := c.varOf(l); v != nil {
					holders[v] = b
				} else if v := c.rootVar(l); v != nil {
					holders[v] = b
				}
			}
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				if b := beginIn(n.Results[0]); b != nil {
					found = &BeginsTx{Begin: c.where(b.Pos())}
				}
			}
		}
		return true
	})
	return found
}
