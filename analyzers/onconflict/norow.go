package onconflict

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// disposition is what a function does with an error that may be ErrNoRows.
type disposition uint8

const (
	handled    disposition = iota // compared with ErrNoRows, or used in a way we cannot follow
	propagated                    // returned as is by a thin query method: its callers decide
	failed                        // treated as a failure (checked only against nil, wrapped, ...)
	ignored                       // discarded
)

// A source is a call whose error is ErrNoRows when an ON CONFLICT DO
// NOTHING ... RETURNING skips a duplicate.
type source struct {
	call   *ast.CallExpr
	callee *types.Func      // rule 1: the called query method; nil for rule 2
	fact   *NoRowOnConflict // rule 1: the callee's fact
	q      query            // rule 2: the query
	qcall  *ast.CallExpr    // rule 2: the QueryRow (or Get) call
	disp   disposition
}

// bodyInfo is what one function body does with no-row errors.
type bodyInfo struct {
	sources    []*source
	propagates *NoRowOnConflict // non-nil when the function returns a no-row error to its callers
}

// body analyses one function body (fn is nil for a function literal).
func (c *checker) body(body *ast.BlockStmt, ftype *ast.FuncType, fn *types.Func) *bodyInfo {
	if b, ok := c.bodies[body]; ok {
		return b
	}
	b := &bodyInfo{}
	c.bodies[body] = b
	parents := make(map[*ast.CallExpr]ast.Node)
	looped := make(map[*ast.CallExpr]bool)
	rowVars := make(map[types.Object]*ast.CallExpr)
	var calls []*ast.CallExpr
	var stack []ast.Node
	sends := false
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			parents[call] = parentOf(stack)
			calls = append(calls, call)
			if inLoop(stack, call) {
				looped[call] = true
			}
		}
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "SendBatch" {
			sends = true // a cheap gate for batchQueries
		}
		// row := q.QueryRow(...), rows, err := q.Query(...)
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) >= 1 && len(as.Rhs) == 1 {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
					if obj := c.objOf(id); obj != nil {
						rowVars[obj] = call
					}
				}
			}
		}
		stack = append(stack, n)
		return true
	})
	var batch map[*ast.CallExpr]query
	if sends {
		batch = c.batchQueries(body)
	}
	for _, call := range calls {
		src := c.sourceOf(call, rowVars, batch)
		if src == nil {
			continue
		}
		src.disp = c.dispose(src, parents[call], body, calls)
		if src.disp == propagated && (fn == nil || looped[call]) {
			// A function literal has no callers we can follow; a read in a
			// loop fails for one of many rows, which its caller cannot tell.
			src.disp = failed
		}
		if src.disp == propagated && b.propagates == nil {
			b.propagates = c.propagatedFact(src)
		}
		b.sources = append(b.sources, src)
	}
	return b
}

// inLoop reports whether call is in the body of a loop of stack.
func inLoop(stack []ast.Node, call *ast.CallExpr) bool {
	for _, n := range stack {
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.ForStmt:
			body = n.Body
		case *ast.RangeStmt:
			body = n.Body
		}
		if body != nil && body.Pos() <= call.Pos() && call.End() <= body.End() {
			return true
		}
	}
	return false
}

// parentOf returns the innermost node of stack that is not a parenthesis.
func parentOf(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			return stack[i]
		}
	}
	return nil
}

func (c *checker) objOf(id *ast.Ident) types.Object {
	if obj := c.info.Defs[id]; obj != nil {
		return obj
	}
	return c.info.Uses[id]
}

// scanMethods are the methods that scan the one row of a QueryRow.
var scanMethods = map[string]bool{"Scan": true, "StructScan": true, "MapScan": true, "SliceScan": true}

// sourceOf returns the source call is, or nil. batch holds the queries
// read from pgx batch results (br.QueryRow() of b.Queue(q)).
func (c *checker) sourceOf(call *ast.CallExpr, rowVars map[types.Object]*ast.CallExpr, batch map[*ast.CallExpr]query) *source {
	// Rule 2: QueryRow(<DO NOTHING RETURNING>).Scan(...), directly or through a row variable.
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && scanMethods[sel.Sel.Name] {
		var qr *ast.CallExpr
		switch x := ast.Unparen(sel.X).(type) {
		case *ast.CallExpr:
			qr = x
		case *ast.Ident:
			if obj := c.info.Uses[x]; obj != nil {
				qr = rowVars[obj]
			}
		}
		if qr != nil {
			q, ok := batch[qr]
			if !ok {
				q, ok = c.queryOf(qr)
			}
			if ok && q.call.Kind == apis.QueryRow && q.noRowOnConflict() {
				return &source{call: call, q: q, qcall: qr}
			}
		}
	}
	// pgx.CollectOneRow(rows, fn) over Query(<DO NOTHING RETURNING>).
	if src := c.collectSource(call, rowVars, batch); src != nil {
		return src
	}
	// sqlx Get of such a query.
	if q, ok := c.queryOf(call); ok {
		if q.call.Kind == apis.QueryGet && q.noRowOnConflict() {
			return &source{call: call, q: q, qcall: call}
		}
		return nil
	}
	// Rule 1: a query method with the fact (every function the call may
	// run has it: an interface's implementations in sight, a function value).
	ts := c.callSummaries(call)
	if !calls.Every(ts, func(t calls.Reached[*summary]) bool { return t.Sum != nil && t.Sum.noRow != nil }) {
		return nil
	}
	fn := apis.Callee(c.info, call)
	if fn == nil {
		fn = ts[0].Func
	}
	return &source{call: call, callee: fn, fact: ts[0].Sum.noRow}
}

// collectSource returns the source call is when it is pgx.CollectOneRow
// (or CollectExactlyOneRow) over the rows of a query that returns no row
// on a duplicate, or nil.
func (c *checker) collectSource(call *ast.CallExpr, rowVars map[types.Object]*ast.CallExpr, batch map[*ast.CallExpr]query) *source {
	if len(call.Args) == 0 {
		return nil
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := c.info.Uses[id]
	if obj == nil || rowVars[obj] == nil {
		return nil
	}
	if fn := apis.Callee(c.info, call); fn == nil || !apis.IsCollectOneRow(fn) {
		return nil
	}
	rc := rowVars[obj]
	q, ok := batch[rc]
	if !ok {
		q, ok = c.queryOf(rc)
	}
	if ok && q.call.Kind == apis.QueryRows && q.noRowOnConflict() {
		return &source{call: call, q: q, qcall: rc}
	}
	return nil
}

// propagatedFact is the fact of a function that returns src's error.
func (c *checker) propagatedFact(src *source) *NoRowOnConflict {
	if src.fact != nil {
		chain := append([]string{funcname.Code(src.callee, nil)}, src.fact.Chain...)
		if len(chain) > maxChain {
			chain = chain[:maxChain]
		}
		return &NoRowOnConflict{Query: src.fact.Query, Sqlc: src.fact.Sqlc, Chain: chain, NoRows: src.fact.NoRows}
	}
	if src.q.name != "" {
		return &NoRowOnConflict{Query: src.q.name, Sqlc: true, NoRows: c.noRowsName(src.qcall)}
	}
	return &NoRowOnConflict{Query: funcname.Lib(apis.Callee(c.info, src.qcall), nil), NoRows: c.noRowsName(src.qcall)}
}

// dispose decides what the function does with src's error. parent is the
// node around the call; calls are the body's calls in source order.
func (c *checker) dispose(src *source, parent ast.Node, body *ast.BlockStmt, calls []*ast.CallExpr) disposition {
	switch p := parent.(type) {
	case *ast.ExprStmt:
		return ignored
	case *ast.ReturnStmt:
		if c.thinAfter(src.call, calls) {
			return propagated
		}
		return failed
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 {
			return handled
		}
		id, ok := p.Lhs[len(p.Lhs)-1].(*ast.Ident)
		if !ok {
			return handled // stored in a field: not followed
		}
		if id.Name == "_" {
			return ignored
		}
		return c.disposeVar(src, c.objOf(id), body, calls)
	case *ast.ValueSpec:
		if len(p.Names) == 0 || len(p.Values) != 1 {
			return handled
		}
		id := p.Names[len(p.Names)-1]
		if id.Name == "_" {
			return ignored
		}
		return c.disposeVar(src, c.objOf(id), body, calls)
	case *ast.CallExpr:
		if c.isNoRowsCheckCall(p, func(e ast.Expr) bool { return ast.Unparen(e) == src.call }) {
			return handled
		}
		return handled // passed on: not followed
	case *ast.BinaryExpr:
		return handled // compared with something
	}
	return handled
}

// disposeVar decides what the function does with the error stored in obj.
func (c *checker) disposeVar(src *source, obj types.Object, body *ast.BlockStmt, calls []*ast.CallExpr) disposition {
	if obj == nil {
		return handled
	}
	from, to := src.call.End(), c.nextAssign(obj, body, src.call.End())
	if c.checksNoRowsIn(body, obj, from, to) || c.mappedOnReassign(obj, body, to) {
		return handled
	}
	used, returned := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.End() <= from || n.Pos() >= to {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if id, ok := ast.Unparen(r).(*ast.Ident); ok && c.info.Uses[id] == obj {
					returned = true
				}
			}
		case *ast.Ident:
			if c.info.Uses[n] == obj {
				used = true
			}
		}
		return true
	})
	switch {
	case returned && c.thinAfter(src.call, calls):
		return propagated
	case used:
		return failed
	}
	return ignored
}

// nextAssign returns the position of the first assignment to obj after
// pos in body, or the end of body.
func (c *checker) nextAssign(obj types.Object, body *ast.BlockStmt, pos token.Pos) token.Pos {
	next := body.End()
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Pos() <= pos || as.Pos() >= next {
			return true
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && c.objOf(id) == obj {
				next = as.Pos()
			}
		}
		return true
	})
	return next
}

// thinAfter reports whether the function makes no call after call other
// than builtins, conversions and logging: it is a query method that hands
// the result to its caller, not a handler that goes on working.
func (c *checker) thinAfter(call *ast.CallExpr, calls []*ast.CallExpr) bool {
	for _, other := range calls {
		if other.Pos() <= call.End() {
			continue
		}
		if tv, ok := c.info.Types[other.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
			continue
		}
		if fn := apis.Callee(c.info, other); fn != nil && apis.IsLogging(fn) {
			continue
		}
		return false
	}
	return true
}
