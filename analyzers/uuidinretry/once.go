package uuidinretry

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// madeOnce reports whether the identifier held by top is made once for all
// attempts: assigned to a variable declared outside the attempt, under a
// guard that tests that variable for its zero value —
//
//	var key string
//	retry.Do(func() error {
//		if key == "" {
//			key = uuid.NewString() // the first attempt only
//		}
//		...
//	})
func (c *checker) madeOnce(top, body inspector.Cursor) bool {
	assign, ok := top.Parent().Node().(*ast.AssignStmt)
	if !ok || assign.Tok != token.ASSIGN || len(assign.Lhs) != len(assign.Rhs) {
		return false
	}
	var v *types.Var
	for i, r := range assign.Rhs {
		if r == top.Node() {
			if id, ok := assign.Lhs[i].(*ast.Ident); ok {
				v, _ = c.pass.TypesInfo.Uses[id].(*types.Var)
			}
		}
	}
	bodyNode := body.Node()
	if v == nil || v.Pos() >= bodyNode.Pos() && v.Pos() < bodyNode.End() {
		return false // a variable of the attempt itself is new each time
	}
	for ifc := range top.Enclosing((*ast.IfStmt)(nil)) {
		if !body.Contains(ifc) {
			break
		}
		ifs := ifc.Node().(*ast.IfStmt)
		if assign.Pos() >= ifs.Body.Pos() && assign.End() <= ifs.Body.End() && c.testsZero(ifs.Cond, v) {
			return true
		}
	}
	return false
}

// testsZero reports whether cond is true only while v holds its zero value:
// v == "", v == nil, v == uuid.Nil, len(v) == 0 (possibly in a && chain).
func (c *checker) testsZero(cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return c.testsZero(b.X, v) || c.testsZero(b.Y, v)
	case token.EQL:
		return c.isVarOrLen(b.X, v) && c.isZero(b.Y) || c.isVarOrLen(b.Y, v) && c.isZero(b.X)
	}
	return false
}

func (c *checker) isVarOrLen(e ast.Expr, v *types.Var) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "len" {
			e = ast.Unparen(call.Args[0])
		}
	}
	id, ok := e.(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == v
}

// isZero reports whether e is a zero value: "", 0, nil, or a variable named
// Nil (uuid.Nil, ulid.Zero...).
func (c *checker) isZero(e ast.Expr) bool {
	if tv, ok := c.pass.TypesInfo.Types[e]; ok {
		if tv.IsNil() {
			return true
		}
		if tv.Value != nil {
			return tv.Value.ExactString() == `""` || tv.Value.ExactString() == "0"
		}
	}
	var name string
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		name = e.Name
	case *ast.SelectorExpr:
		name = e.Sel.Name
	}
	return name == "Nil" || name == "Zero" || name == "Empty"
}
