package checkthenact

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// An access is where a key value comes from: a variable and the fields
// and getters below it (req.IdempotencyKey, order.GetId()). Two calls
// handle the same key when their keys have the same access.
type access struct {
	root types.Object
	path []string
}

func (a access) same(b access) bool {
	if a.root != b.root || len(a.path) != len(b.path) {
		return false
	}
	for i := range a.path {
		if a.path[i] != b.path[i] {
			return false
		}
	}
	return true
}

// values indexes, for the package, what is assigned to local variables
// and to their fields, so that a key can be followed from the variable
// that holds it to the expression that made it.
type values struct {
	assigns map[*types.Var][]ast.Expr            // v = e, v := e, var v = e
	fields  map[*types.Var]map[string][]ast.Expr // v.F = e
}

func (c *checker) indexValues() {
	c.vals = values{assigns: make(map[*types.Var][]ast.Expr), fields: make(map[*types.Var]map[string][]ast.Expr)}
	info := c.pass.TypesInfo
	varOf := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		return v
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					var rhs ast.Expr
					if len(n.Lhs) == len(n.Rhs) {
						rhs = n.Rhs[i]
					}
					if v := varOf(lhs); v != nil {
						c.vals.assigns[v] = append(c.vals.assigns[v], rhs)
						continue
					}
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && rhs != nil {
						if v := varOf(sel.X); v != nil {
							if c.vals.fields[v] == nil {
								c.vals.fields[v] = make(map[string][]ast.Expr)
							}
							c.vals.fields[v][sel.Sel.Name] = append(c.vals.fields[v][sel.Sel.Name], rhs)
						}
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if v, ok := info.Defs[name].(*types.Var); ok {
						var rhs ast.Expr
						if len(n.Values) == len(n.Names) {
							rhs = n.Values[i]
						}
						c.vals.assigns[v] = append(c.vals.assigns[v], rhs)
					}
				}
			}
			return true
		})
	}
}

// maxFollow bounds how far an access is followed through assignments.
const maxFollow = 6

// accessOf returns the access of e with path below it: through
// parentheses, & and *, conversions, String() and fmt.Sprintf/+ with
// constants (a key rendered or prefixed is the same key), composite
// literals (the field path selects), and local variables assigned once.
func (c *checker) accessOf(e ast.Expr, path []string) (access, bool) {
	return c.follow(e, path, 0)
}

func (c *checker) follow(e ast.Expr, path []string, depth int) (access, bool) {
	if e == nil || depth > maxFollow {
		return access{}, false
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := info.ObjectOf(e)
		v, ok := obj.(*types.Var)
		if !ok {
			return access{}, false
		}
		if !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && !c.isParam(v) {
			if len(path) > 0 && path[0] != "*" {
				if rhs := c.vals.fields[v][path[0]]; len(rhs) == 1 {
					return c.follow(rhs[0], path[1:], depth+1)
				}
			}
			if rhs := c.vals.assigns[v]; len(rhs) == 1 && rhs[0] != nil {
				if a, ok := c.follow(rhs[0], path, depth+1); ok {
					return a, true
				}
			}
		}
		return access{root: v, path: path}, true
	case *ast.SelectorExpr:
		sel := info.Selections[e]
		if sel == nil { // a qualified identifier
			return c.follow(e.Sel, path, depth)
		}
		if sel.Kind() == types.FieldVal {
			return c.follow(e.X, prepend(e.Sel.Name, path), depth)
		}
		return access{}, false
	case *ast.StarExpr:
		return c.follow(e.X, path, depth)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return c.follow(e.X, path, depth)
		}
	case *ast.CompositeLit:
		if len(path) == 0 || path[0] == "*" {
			return access{}, false
		}
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == path[0] {
					return c.follow(kv.Value, path[1:], depth+1)
				}
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if c.isConst(e.X) {
				return c.follow(e.Y, path, depth+1)
			}
			if c.isConst(e.Y) {
				return c.follow(e.X, path, depth+1)
			}
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return c.follow(e.Args[0], path, depth) // a conversion
		}
		fn := apis.Callee(info, e)
		if fn == nil {
			return access{}, false
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && fn.Name() == "Sprintf" {
			var arg ast.Expr
			for _, a := range e.Args[1:] {
				if !c.isConst(a) {
					if arg != nil {
						return access{}, false
					}
					arg = a
				}
			}
			return c.follow(arg, path, depth+1)
		}
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || len(e.Args) > 0 || fn.Signature().Recv() == nil {
			return access{}, false
		}
		if fn.Name() == "String" {
			return c.follow(sel.X, path, depth)
		}
		return c.follow(sel.X, prepend(fn.Name()+"()", path), depth)
	}
	return access{}, false
}

func prepend(s string, path []string) []string {
	return append([]string{s}, path...)
}

func (c *checker) isConst(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil
}

// isParam reports whether v is a parameter or receiver of a function of
// the package.
func (c *checker) isParam(v *types.Var) bool {
	_, ok := c.params[v]
	return ok
}

// constString returns the constant string value of e.
// A local variable assigned once from a constant (query := `SELECT ...`)
// counts as that constant.
func (c *checker) constString(e ast.Expr) (string, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && !c.isParam(v) {
			if rhs := c.vals.assigns[v]; len(rhs) == 1 && rhs[0] != nil {
				if tv, ok := c.pass.TypesInfo.Types[rhs[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					return constant.StringVal(tv.Value), true
				}
			}
		}
	}
	return "", false
}

// render is the source text of a key expression for messages.
func render(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return strings.TrimPrefix(s, "&")
}
