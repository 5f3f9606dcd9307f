package onconflict

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/internal/apis"
)

// batchQueries pairs the reads of pgx batch results in body
// (br.QueryRow(), br.Query()) with the queries queued on the batch, for the
// common shape: b.Queue(q, ...) in the same function, br :=
// x.SendBatch(ctx, b), results read in queue order. It is conservative: a
// batch used in any other way (passed to a helper, sent twice) is left
// alone; reads are paired with queries when every query queued on the
// batch is the same constant SQL, or else by position when no Queue and no
// read is nested in a loop or a branch.
func (c *checker) batchQueries(body *ast.BlockStmt) map[*ast.CallExpr]query {
	type queued struct {
		q      query
		nested bool
	}
	type read struct {
		call   *ast.CallExpr
		kind   apis.QueryKind
		nested bool
	}
	queues := make(map[types.Object][]queued)      // batch → its Queue calls in order
	sends := make(map[types.Object][]types.Object) // batch → result variables
	reads := make(map[types.Object][]read)         // result variable → its reads in order
	uses := make(map[types.Object]int)             // batch → uses other than Queue and SendBatch
	handled := make(map[*ast.Ident]bool)           // batch idents used by Queue or SendBatch
	var stack []ast.Node
	nested := func() bool {
		for _, n := range stack[1:] { // stack[0] is body
			switch n.(type) {
			case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
				return true
			}
		}
		return false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			// br := x.SendBatch(ctx, b)
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && len(call.Args) == 2 {
					id, _ := ast.Unparen(n.Lhs[0]).(*ast.Ident)
					if fn := apis.Callee(c.info, call); id != nil && apis.IsSendBatch(fn) {
						if b, bid := c.batchObj(call.Args[1]); b != nil {
							handled[bid] = true
							if br := c.objOf(id); br != nil {
								sends[b] = append(sends[b], br)
							}
						}
					}
				}
			}
		case *ast.CallExpr:
			fn := apis.Callee(c.info, n)
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if fn == nil || !ok {
				break
			}
			if k, ok := apis.BatchRead(fn); ok {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					if br := c.info.Uses[id]; br != nil {
						reads[br] = append(reads[br], read{n, k, nested()})
					}
				}
				break
			}
			if q, ok := c.queryOf(n); ok && q.call.Kind == apis.QueryQueue {
				if b, bid := c.batchObj(sel.X); b != nil {
					handled[bid] = true
					queues[b] = append(queues[b], queued{q, nested()})
				}
			}
		case *ast.Ident:
			if obj := c.info.Uses[n]; obj != nil && !handled[n] {
				uses[obj]++
			}
		}
		stack = append(stack, n)
		return true
	})
	out := make(map[*ast.CallExpr]query)
	for b, brs := range sends {
		qs := queues[b]
		if len(brs) != 1 || len(qs) == 0 || uses[b] > 0 {
			continue
		}
		rs := reads[brs[0]]
		same := qs[0].q.text != ""
		for _, q := range qs[1:] {
			same = same && q.q.text == qs[0].q.text
		}
		ordered := !slices.ContainsFunc(qs, func(q queued) bool { return q.nested }) &&
			!slices.ContainsFunc(rs, func(r read) bool { return r.nested })
		for i, r := range rs {
			var q query
			switch {
			case same:
				q = qs[0].q
			case ordered && i < len(qs):
				q = qs[i].q
			default:
				continue
			}
			if q.text != "" {
				q.call.Kind = r.kind // read as the result asks
				out[r.call] = q
			}
		}
	}
	return out
}

// batchObj returns the variable a batch expression denotes (b, &b) and its
// identifier, or nil.
func (c *checker) batchObj(e ast.Expr) (types.Object, *ast.Ident) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, nil
	}
	if obj, ok := c.info.Uses[id].(*types.Var); ok {
		return obj, id
	}
	return nil, nil
}
