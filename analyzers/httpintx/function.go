package httpintx

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// A function is a function declaration or literal with a body.
type function struct {
	typ  *ast.FuncType
	recv *ast.FieldList
	body *ast.BlockStmt
	g    *cfg.CFG
	lit  *ast.FuncLit // nil for a declaration
	fn   *types.Func  // nil for a literal
}

// function returns the function n declares, if it has a body and a CFG.
func (c *checker) function(n ast.Node) (function, bool) {
	switch n := n.(type) {
	case *ast.FuncDecl:
		if n.Body == nil {
			return function{}, false
		}
		fn, _ := c.pass.TypesInfo.Defs[n.Name].(*types.Func)
		if fn == nil {
			return function{}, false
		}
		g := c.cfg(n)
		return function{typ: n.Type, recv: n.Recv, body: n.Body, g: g, fn: fn}, g != nil
	case *ast.FuncLit:
		g := c.cfg(n)
		return function{typ: n.Type, body: n.Body, g: g, lit: n}, g != nil
	}
	return function{}, false
}

// cfg returns the CFG of a function declaration or literal, building it on
// first use (what ctrlflow would hold for it; see internal/noreturn).
func (c *checker) cfg(n ast.Node) *cfg.CFG {
	if g, ok := c.cfgs[n]; ok {
		return g
	}
	var g *cfg.CFG
	switch n := n.(type) {
	case *ast.FuncDecl:
		g = c.nr.FuncDecl(n)
	case *ast.FuncLit:
		g = c.nr.FuncLit(n)
	}
	c.cfgs[n] = g
	return g
}

// params returns the variables of f's receiver and parameters.
func (c *checker) params(f function) []*types.Var {
	var out []*types.Var
	for _, fl := range []*ast.FieldList{f.recv, f.typ.Params} {
		if fl == nil {
			continue
		}
		for _, field := range fl.List {
			for _, name := range field.Names {
				if v, ok := c.pass.TypesInfo.Defs[name].(*types.Var); ok {
					out = append(out, v)
				}
			}
		}
	}
	return out
}
