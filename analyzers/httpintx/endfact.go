package httpintx

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// EndsTx marks a function that commits or rolls back a transaction held by
// its receiver (Recv) or by its parameters Params (dbx.Commit(tx),
// (*UnitOfWork).Commit): a call of it ends the region of the transaction
// passed there, also from another package.
type EndsTx struct {
	Recv   bool
	Params []int
}

// AFact implements analysis.Fact.
func (*EndsTx) AFact() {}

// String returns "endsTx(recv)", "endsTx(param 0)", "endsTx(recv, param 1)".
func (f *EndsTx) String() string {
	var parts []string
	if f.Recv {
		parts = append(parts, "recv")
	}
	for _, p := range f.Params {
		parts = append(parts, fmt.Sprintf("param %d", p))
	}
	return "endsTx(" + strings.Join(parts, ", ") + ")"
}

// endsTxOf returns the EndsTx fact of fn, computing it for functions of this
// package. Cycles are cut conservatively (no fact: the region stays open).
func (c *checker) endsTxOf(fn *types.Func) *EndsTx {
	fn = fn.Origin()
	if fn.Pkg() != c.pass.Pkg {
		var f EndsTx
		if c.pass.ImportObjectFact(fn, &f) {
			return &f
		}
		return nil
	}
	if f, ok := c.ends[fn]; ok || c.endsStarted[fn] {
		return f
	}
	c.endsStarted[fn] = true
	f := c.computeEndsTx(fn)
	c.ends[fn] = f
	return f
}

// computeEndsTx looks in fn's body for a Commit or Rollback of a
// transaction held by its receiver or a parameter, directly or through
// another function with the fact.
func (c *checker) computeEndsTx(fn *types.Func) *EndsTx {
	decl := c.decls[fn]
	if decl == nil {
		return nil
	}
	index := make(map[*types.Var]int) // -1: the receiver
	if r := fn.Signature().Recv(); r != nil {
		index[r] = -1
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		index[params.At(i)] = i
	}
	var f EndsTx
	seen := make(map[int]bool)
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, v := range c.closedVars(call) {
			i, ok := index[v]
			if !ok || seen[i] {
				continue
			}
			seen[i] = true
			if i < 0 {
				f.Recv = true
			} else {
				f.Params = append(f.Params, i)
			}
		}
		return true
	})
	if !f.Recv && len(f.Params) == 0 {
		return nil
	}
	return &f
}

// exportEndsTx exports EndsTx and BeginsTx for the package's functions
// that have them.
func (c *checker) exportEndsTx(fn *types.Func) {
	if f := c.endsTxOf(fn); f != nil {
		c.pass.ExportObjectFact(fn, f)
	}
	if f := c.beginsTxOf(fn); f != nil {
		c.pass.ExportObjectFact(fn, f)
	}
}
