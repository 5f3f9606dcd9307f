package dualwrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// flow answers ordering questions about the calls of one function: which
// runs after which on some path, which sits in a loop, which runs only
// when an earlier call failed.
type flow struct {
	c       *checker
	g       *cfg.CFG
	at      map[*ast.CallExpr]point
	reach   map[*cfg.Block]map[*cfg.Block]bool // successors reachable from a block, on first use
	parents map[ast.Node]ast.Node
	body    *ast.BlockStmt
}

type point struct {
	b *cfg.Block
	i int
}

func (c *checker) newFlow(g *cfg.CFG, body *ast.BlockStmt) *flow {
	f := &flow{c: c, g: g, at: make(map[*ast.CallExpr]point), reach: make(map[*cfg.Block]map[*cfg.Block]bool), parents: make(map[ast.Node]ast.Node), body: body}
	for _, b := range g.Blocks {
		for i, n := range b.Nodes {
			ast.Inspect(n, func(x ast.Node) bool {
				switch x := x.(type) {
				case *ast.FuncLit:
					return false
				case *ast.CallExpr:
					f.at[x] = point{b, i}
				}
				return true
			})
		}
	}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if len(stack) > 0 {
			f.parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	return f
}

// after reports whether b runs after a on some path: later in the same
// CFG node list, or in a block reachable from a's, and later in the source
// (a loop's way back to an earlier call does not count).
func (f *flow) after(a, b *ast.CallExpr) bool {
	if b.Pos() <= a.Pos() {
		return false
	}
	pa, ok1 := f.at[a]
	pb, ok2 := f.at[b]
	if !ok1 || !ok2 {
		return false
	}
	if pa.b == pb.b && pa.i <= pb.i {
		return true
	}
	return f.reachable(pa.b)[pb.b]
}

func (f *flow) reachable(from *cfg.Block) map[*cfg.Block]bool {
	if r, ok := f.reach[from]; ok {
		return r
	}
	r := make(map[*cfg.Block]bool)
	stack := append([]*cfg.Block{}, from.Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if r[b] {
			continue
		}
		r[b] = true
		stack = append(stack, b.Succs...)
	}
	f.reach[from] = r
	return r
}

// inLoop reports whether call runs in a loop of the function.
func (f *flow) inLoop(call *ast.CallExpr) bool {
	for n := f.parents[call]; n != nil; n = f.parents[n] {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		}
	}
	return false
}

// onFailure reports whether later runs only when first failed: it sits in
// the body of an `if err != nil` (or `if !ok`, or the else of `if ok`)
// whose err (ok) was last assigned by the statement that holds first (if
// err := repo.Create(ctx, o); err != nil { publish(failed) }; reserved,
// err := svc.Reserve(...); if reserved {...} else { publish(failed) }).
// Nothing happened to announce, or nothing was published to undo.
func (f *flow) onFailure(first, later *ast.CallExpr) bool {
	info := f.c.pass.TypesInfo
	for n, child := f.parents[later], ast.Node(later); n != nil; n, child = f.parents[n], n {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			continue
		}
		var v *types.Var
		switch child {
		case ifs.Body:
			v = errCheck(info, ifs.Cond)
			if v == nil {
				v = notFlag(info, ifs.Cond)
			}
		case ifs.Else:
			v = flag(info, ifs.Cond)
		}
		if v != nil && f.stmtOf(first) != nil && f.lastAssigner(v, ifs.Cond.Pos()) == f.stmtOf(first) {
			return true
		}
	}
	return false
}

// errCheck returns v for a condition `v != nil` (v a variable), else nil.
func errCheck(info *types.Info, cond ast.Expr) *types.Var {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return nil
	}
	x, y := be.X, be.Y
	if tv, ok := info.Types[x]; ok && tv.IsNil() {
		x, y = y, x
	}
	if tv, ok := info.Types[y]; !ok || !tv.IsNil() {
		return nil
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}

// flag returns v for a condition that is the boolean variable v
// (reserved, ok := svc.Reserve(...); if reserved {...} else {...}).
func flag(info *types.Info, cond ast.Expr) *types.Var {
	id, ok := ast.Unparen(cond).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return nil
	}
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	return v
}

// notFlag returns v for a condition !v, v a boolean variable.
func notFlag(info *types.Info, cond ast.Expr) *types.Var {
	u, ok := ast.Unparen(cond).(*ast.UnaryExpr)
	if !ok || u.Op != token.NOT {
		return nil
	}
	return flag(info, u.X)
}

// stmtOf returns the assignment or declaration whose right side holds call.
func (f *flow) stmtOf(call *ast.CallExpr) ast.Node {
	for n := f.parents[call]; n != nil; n = f.parents[n] {
		switch n.(type) {
		case *ast.AssignStmt, *ast.ValueSpec:
			return n
		case ast.Stmt:
			return nil
		}
	}
	return nil
}

// lastAssigner returns the last assignment or declaration of v that
// starts before pos, in source order.
func (f *flow) lastAssigner(v *types.Var, pos token.Pos) ast.Node {
	info := f.c.pass.TypesInfo
	var last ast.Node
	ast.Inspect(f.body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= pos {
			return false
		}
		var lhs []ast.Expr
		switch s := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			lhs = s.Lhs
		case *ast.ValueSpec:
			for _, id := range s.Names {
				lhs = append(lhs, id)
			}
		}
		for _, l := range lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			obj := info.Defs[id]
			if obj == nil {
				obj = info.Uses[id]
			}
			if obj == v {
				last = n
			}
		}
		return true
	})
	return last
}
