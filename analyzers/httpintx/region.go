package httpintx

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/internal/apis"
)

// A txOpen is one open transaction: where it began and the variables
// through which the function can end it.
type txOpen struct {
	vars  []*types.Var // Commit or Rollback on these ends the region
	desc  string       // "begun at consumer.go:40", "passed in as tx"
	where string       // "consumer.go:40"; "" when the caller began it
	pos   token.Pos    // the begin call in this package, or NoPos
}

// A visitor is told of every call evaluated while tx is open.
type visitor func(call *ast.CallExpr, tx *txOpen)

// regions calls visit for every call f evaluates while a transaction is
// open: from f's entry if f runs inside its caller's transaction, and from
// every begin in f's body to the Commit or Rollback that ends it on each path.
func (c *checker) regions(f function, visit visitor) {
	// Begins first: a call inside a nested transaction is named with the innermost.
	for _, b := range f.g.Blocks {
		for i, n := range b.Nodes {
			if tx, errVar := c.beginAt(n); tx != nil {
				c.walk(b, i+1, tx, errVar, visit)
			}
		}
	}
	if tx := c.entryTx(f); tx != nil && len(f.g.Blocks) > 0 {
		c.walk(f.g.Blocks[0], 0, tx, nil, visit)
	}
}

// beginAt reports whether node n begins a transaction and assigns it to a
// variable (tx, err := pool.Begin(ctx)), and returns the variable holding
// the begin's error, if any. Any call whose first result is a transaction
// counts, so that a store's own BeginTx wrapper is a begin too, and so does
// a call that returns a transaction it began held in a struct (BeginsTx).
func (c *checker) beginAt(n ast.Node) (*txOpen, *types.Var) {
	var lhs []ast.Expr
	var rhs []ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		lhs, rhs = n.Lhs, n.Rhs
	case *ast.ValueSpec:
		for _, name := range n.Names {
			lhs = append(lhs, name)
		}
		rhs = n.Values
	default:
		return nil, nil
	}
	if len(rhs) != 1 || len(lhs) == 0 {
		return nil, nil
	}
	call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr)
	if !ok || !c.returnsTx(call) && !c.beginsHeldTx(call) && !c.isLibraryBegin(call) {
		return nil, nil
	}
	txVar := c.varOf(lhs[0])
	if txVar == nil {
		return nil, nil
	}
	var errVar *types.Var
	if len(lhs) > 1 {
		errVar = c.varOf(lhs[len(lhs)-1])
	}
	where := c.where(call.Pos())
	return &txOpen{vars: []*types.Var{txVar}, desc: "begun at " + where, where: where, pos: call.Pos()}, errVar
}

// beginsHeldTx reports whether call begins a transaction and returns it
// held in a struct (uow, err := tm.Begin(ctx)): the BeginsTx fact.
func (c *checker) beginsHeldTx(call *ast.CallExpr) bool {
	fn := apis.Callee(c.pass.TypesInfo, call)
	return fn != nil && c.beginsTxOf(fn) != nil
}

// returnsTx reports whether call's first result is a transaction.
func (c *checker) returnsTx(call *ast.CallExpr) bool {
	tv, ok := c.pass.TypesInfo.Types[call]
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

func (c *checker) varOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	obj := c.pass.TypesInfo.Defs[id]
	if obj == nil {
		obj = c.pass.TypesInfo.Uses[id]
	}
	v, _ := obj.(*types.Var)
	return v
}

// where returns "file.go:line" for pos.
func (c *checker) where(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// walk visits the calls on every path from node i of block b until the
// transaction ends. When errVar is the begin's error, the branch of the
// begin's own error check that holds no transaction is not followed.
func (c *checker) walk(b *cfg.Block, i int, tx *txOpen, errVar *types.Var, visit visitor) {
	type point struct {
		b *cfg.Block
		i int
	}
	seen := make(map[*cfg.Block]bool)
	stack := []point{{b, i}}
	first := true
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		ended := false
		for _, n := range p.b.Nodes[p.i:] {
			end := c.endsTx(n, tx)
			c.scanNode(n, end, tx, visit)
			if end.IsValid() {
				ended = true
				break
			}
		}
		succs := p.b.Succs
		if first && errVar != nil {
			succs = c.okBranch(p.b, errVar)
		}
		first = false
		if ended {
			continue
		}
		for _, s := range succs {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, point{s, 0})
			}
		}
	}
}

// okBranch returns the successors of b to follow when b ends with a check
// of the begin's error (err != nil): only the branch where the begin succeeded.
func (c *checker) okBranch(b *cfg.Block, errVar *types.Var) []*cfg.Block {
	if len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return b.Succs
	}
	cond, ok := b.Nodes[len(b.Nodes)-1].(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ && cond.Op != token.EQL {
		return b.Succs
	}
	x, y := cond.X, cond.Y
	if c.isNil(x) {
		x, y = y, x
	}
	if c.varOf(x) != errVar || !c.isNil(y) {
		return b.Succs
	}
	if cond.Op == token.NEQ {
		return b.Succs[1:] // err != nil: the false branch holds the transaction
	}
	return b.Succs[:1]
}

func (c *checker) isNil(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}
