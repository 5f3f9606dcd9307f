package uuidinretry

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// unkeyedPaymentCreate reports whether the call at cur asks a payment
// provider to create an object (stripe-go's transfer.New,
// sc.V1Transfers.Create) with params that carry no idempotency key. Only
// params the function builds itself are judged: an inline literal, or a
// local variable every assignment of which is a literal and which no code
// outside the SDK is given (a helper could set the key). Params received
// from a caller or built by a helper may carry a key: not reported.
func (c *checker) unkeyedPaymentCreate(cur inspector.Cursor) (unkeyed, bool) {
	info := c.pass.TypesInfo
	call := cur.Node().(*ast.CallExpr)
	fn := apis.Callee(info, call)
	if fn == nil || !apis.IsPaymentCreate(fn) || apis.IsOwnAPI(c.pass.Pkg, fn) {
		return unkeyed{}, false
	}
	i := apis.PaymentParamsIndex(fn)
	if i < 0 || i >= len(call.Args) {
		return unkeyed{}, false
	}
	w := unkeyed{method: "POST", chain: funcname.Code(fn, nil), payment: true}
	switch arg := ast.Unparen(call.Args[i]).(type) {
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(arg.X).(*ast.CompositeLit)
		return w, ok && !namesIdempotency(lit)
	case *ast.Ident:
		v, ok := info.Uses[arg].(*types.Var)
		if !ok {
			return unkeyed{}, false
		}
		fd, ok := enclosingFunc(cur)
		if !ok || !c.localParamsUnkeyed(fd, v) || c.mentionsIdempotency(cur) {
			return unkeyed{}, false
		}
		return w, true
	}
	return unkeyed{}, false
}

// localParamsUnkeyed reports whether v is a variable declared in fd that
// holds params built there with no idempotency key: each value assigned to
// it is a composite literal, the function names no idempotency key
// (SetIdempotencyKey, an IdempotencyKey field, an "Idempotency-Key"
// string), and v is given to no function outside the payment SDK.
func (c *checker) localParamsUnkeyed(fd inspector.Cursor, v *types.Var) bool {
	info := c.pass.TypesInfo
	body := fd.Node().(*ast.FuncDecl).Body
	declared := false
	for n := range fd.Preorder((*ast.Ident)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.CallExpr)(nil)) {
		switch n := n.Node().(type) {
		case *ast.Ident:
			if apis.IsIdempotencyName(n.Name) {
				return false
			}
			if info.Defs[n] == v && n.Pos() >= body.Pos() { // not a parameter
				declared = true
			}
		case *ast.AssignStmt:
			for j, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || info.ObjectOf(id) != v {
					continue
				}
				if len(n.Rhs) != len(n.Lhs) || !isLiteral(n.Rhs[j]) {
					return false
				}
			}
		case *ast.ValueSpec:
			for j, name := range n.Names {
				if info.Defs[name] == v && (len(n.Values) != len(n.Names) || !isLiteral(n.Values[j])) {
					return false
				}
			}
		case *ast.CallExpr:
			callee := apis.Callee(info, n)
			for _, a := range n.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == v {
					if callee == nil || callee.Pkg() == nil || !apis.IsPaymentPath(callee.Pkg().Path()) {
						return false
					}
				}
			}
		}
	}
	return declared
}

// isLiteral reports whether e is a composite literal or its address.
func isLiteral(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	_, ok := e.(*ast.CompositeLit)
	return ok
}

// namesIdempotency reports whether an identifier inside n says it carries
// an idempotency key (a key of a literal: Params: stripe.Params{IdempotencyKey: k}).
func namesIdempotency(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && apis.IsIdempotencyName(id.Name) {
			found = true
		}
		return !found
	})
	return found
}
