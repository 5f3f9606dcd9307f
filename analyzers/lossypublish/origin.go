package lossypublish

import (
	"go/ast"
	"go/types"
)

// origin returns the variable a producer value is held in: the struct
// field of a selector (p.writer), or a variable. A local variable defined
// once from a field (writer := in.writer) stands for that field, so that a
// relay's local copy of a constructor-configured writer is followed.
func (c *checker) origin(e ast.Expr) types.Object {
	for range 4 {
		switch x := ast.Unparen(e).(type) {
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.UnaryExpr:
			e = x.X
			continue
		case *ast.SelectorExpr:
			if sel, ok := c.pass.TypesInfo.Selections[x]; ok && sel.Kind() == types.FieldVal {
				return sel.Obj()
			}
			if obj, ok := c.pass.TypesInfo.Uses[x.Sel].(*types.Var); ok {
				return obj // a package-level variable of another package
			}
			return nil
		case *ast.Ident:
			v, ok := c.pass.TypesInfo.ObjectOf(x).(*types.Var)
			if !ok {
				return nil
			}
			if from, ok := c.copies[v]; ok {
				e = from
				continue
			}
			return v
		default:
			return nil
		}
	}
	return nil
}

// collectCopies records the local variables defined once from a field
// selector (writer := in.writer; w := s.w), and those assigned once from
// a call (fast := bus.NewFastProducer(brokers)).
func (c *checker) collectCopies() {
	count := make(map[*types.Var]int)
	from := make(map[*types.Var]ast.Expr)
	calls := make(map[*types.Var]*ast.CallExpr)
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, lhs := range as.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
				if !ok || v.IsField() {
					continue
				}
				count[v]++
				if len(as.Lhs) == len(as.Rhs) {
					if call, ok := ast.Unparen(as.Rhs[i]).(*ast.CallExpr); ok {
						calls[v] = call
					}
					if sel, ok := ast.Unparen(as.Rhs[i]).(*ast.SelectorExpr); ok {
						if s, ok := c.pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal {
							from[v] = sel
						}
					}
				}
			}
			return true
		})
	}
	for v, e := range from {
		if count[v] == 1 {
			c.copies[v] = e
		}
	}
	for v, call := range calls {
		if count[v] == 1 {
			c.callDefs[v] = call
		}
	}
}
