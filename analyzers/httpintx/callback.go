package httpintx

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// RunsInTx marks a function that calls its function parameter Param while
// a transaction it began is open (a store's WithTx(ctx, func(q *Queries)
// error) helper): a function passed there runs inside that transaction.
// Begin is where the transaction begins ("store.go:25").
type RunsInTx struct {
	Param int
	Begin string
}

// AFact implements analysis.Fact.
func (*RunsInTx) AFact() {}

// String returns "runsInTx(param 1)".
func (f *RunsInTx) String() string { return fmt.Sprintf("runsInTx(param %d)", f.Param) }

// callbackTx returns the transaction in which the function passed as
// argument idx of call runs, or nil: the callback of pgx.BeginFunc and its
// kin, or of a function with the RunsInTx fact.
func (c *checker) callbackTx(call *ast.CallExpr, idx int) *txOpen {
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	if apis.TxFuncBeginCallback(apis.Describe(fn)) == idx {
		where := c.where(call.Pos())
		return &txOpen{desc: "begun at " + where, where: where, pos: call.Pos()}
	}
	if f := c.runsInTx(fn.Origin()); f != nil && f.Param == idx {
		return &txOpen{desc: fmt.Sprintf("that %s begins at %s", funcname.Code(fn, nil), f.Begin), where: f.Begin}
	}
	return nil
}

// runsInTx returns the RunsInTx fact of fn, computing it for functions of
// this package. Cycles are cut conservatively (no fact).
func (c *checker) runsInTx(fn *types.Func) *RunsInTx {
	if fn.Pkg() != c.pass.Pkg {
		var f RunsInTx
		if c.pass.ImportObjectFact(fn, &f) {
			return &f
		}
		return nil
	}
	if f, ok := c.runs[fn]; ok || c.started[fn] {
		return f
	}
	c.started[fn] = true
	f := c.computeRunsInTx(fn)
	c.runs[fn] = f
	return f
}

// computeRunsInTx looks, in fn's body and the literals in it, for a call of
// one of fn's function parameters while a transaction is open, or for such
// a parameter handed to another transaction callback slot.
func (c *checker) computeRunsInTx(fn *types.Func) *RunsInTx {
	decl := c.decls[fn]
	if decl == nil {
		return nil
	}
	sig := fn.Signature()
	index := make(map[*types.Var]int)
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if _, ok := p.Type().Underlying().(*types.Signature); ok {
			index[p] = i
		}
	}
	if len(index) == 0 {
		return nil
	}
	var found *RunsInTx
	param := func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
		i, ok := index[v]
		return i, ok
	}
	visit := func(call *ast.CallExpr, tx *txOpen) {
		if i, ok := param(call.Fun); ok && found == nil && tx.where != "" {
			found = &RunsInTx{Param: i, Begin: tx.where}
		}
	}
	ast.Inspect(decl, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if f, ok := c.function(n); ok {
			c.regions(f, visit)
		}
		if call, ok := n.(*ast.CallExpr); ok && found == nil {
			for j, a := range call.Args {
				if i, ok := param(a); ok {
					if tx := c.callbackTx(call, j); tx != nil && tx.where != "" {
						found = &RunsInTx{Param: i, Begin: tx.where}
						break
					}
				}
			}
		}
		return true
	})
	return found
}

// exportFacts exports RunsInTx, EndsTx and BeginsTx for the package's functions that have it.
func (c *checker) exportFacts() {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				if fact := c.runsInTx(fn); fact != nil {
					c.pass.ExportObjectFact(fn, fact)
				}
				c.exportEndsTx(fn)
			}
		}
	}
}

// holdsTx reports whether a value of type t holds a transaction: it is
// one, or a struct (or pointer to one) with a transaction field.
func holdsTx(t types.Type) bool {
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

// receivesTx reports whether fn takes a transaction as receiver or
// parameter: its own body is checked as a transaction region.
func receivesTx(fn *types.Func) bool {
	sig := fn.Signature()
	if r := sig.Recv(); r != nil && holdsTx(r.Type()) {
		return true
	}
	for i := range sig.Params().Len() {
		if holdsTx(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}
