package httpintx

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/internal/facts/netcall"
)

// scanNode visits the calls node n evaluates while tx is open: those that
// end before end, when end is valid. Function literals that are called on
// the spot or passed to a call (retry.Do(func...)) run inside the
// transaction too, unless they are transaction callbacks with a region of
// their own. Deferred calls run after the function's end, and a goroutine
// that does not touch the transaction does not hold it.
func (c *checker) scanNode(n ast.Node, end token.Pos, tx *txOpen, visit visitor) {
	var inspect func(x ast.Node) bool
	inspect = func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit, *ast.DeferStmt:
			return false
		case *ast.GoStmt:
			if c.uses(x, tx.vars) {
				ast.Inspect(x.Call, inspect)
				for _, lit := range netcall.CallLits(x.Call) {
					ast.Inspect(lit.Body, inspect)
				}
			}
			return false
		case *ast.CallExpr:
			if end.IsValid() && x.End() > end {
				return true
			}
			visit(x, tx)
			for _, lit := range netcall.CallLits(x) {
				if !c.isCallback(lit) {
					ast.Inspect(lit.Body, inspect)
				}
			}
		}
		return true
	}
	ast.Inspect(n, inspect)
}

// uses reports whether n mentions one of vars.
func (c *checker) uses(n ast.Node, vars []*types.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && slices.Contains(vars, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isCallback reports whether lit is passed where a transaction runs it
// (pgx.BeginFunc, a WithTx helper): it has a region of its own.
func (c *checker) isCallback(lit *ast.FuncLit) bool {
	a, ok := c.litArgs[lit]
	return ok && c.callbackTx(a.call, a.idx) != nil
}

// entryTx returns the transaction f runs in from its entry: the one its
// caller passes as a callback argument (pgx.BeginFunc, a WithTx helper),
// or one f receives as a parameter or receiver (pgx.Tx, *sql.Tx, *sqlx.Tx,
// or a struct holding one).
func (c *checker) entryTx(f function) *txOpen {
	var held []*types.Var
	for _, v := range c.params(f) {
		if holdsTx(v.Type()) {
			held = append(held, v)
		}
	}
	var args []argOf
	if f.lit != nil {
		if a, ok := c.litArgs[f.lit]; ok {
			args = append(args, a)
		}
	} else {
		args = c.declArgs[f.fn]
	}
	for _, a := range args {
		if tx := c.callbackTx(a.call, a.idx); tx != nil {
			tx.vars = held
			return tx
		}
	}
	if len(held) == 0 {
		return nil
	}
	return &txOpen{vars: held, desc: "passed in as " + held[0].Name()}
}
