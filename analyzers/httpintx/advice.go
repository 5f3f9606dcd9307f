package httpintx

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// The advice of a finding fits the call: a read (an HTTP GET or HEAD)
// inside a writing or locking transaction only needs to move before the
// Begin; a write (POST, PUT, PATCH, DELETE, a gRPC call, or a call whose
// method is not visible) belongs in an outbox row carrying the
// idempotency key, sent by a separate worker.

const (
	readAdvice  = "; the transaction writes or locks rows and holds them for the whole call and its retries: make the call before Begin and pass its result in"
	writeAdvice = "; the transaction stays open for the whole call and its retries: write an outbox row carrying the idempotency key and call the provider from a separate worker"
)

// advice returns the end of the message for a network call inside a
// writing or locking transaction.
func (c *checker) advice(call *ast.CallExpr, fn *types.Func, kind string) string {
	if kind == "HTTP" && c.isHTTPRead(call, fn) {
		return readAdvice
	}
	return writeAdvice
}

// isHTTPRead reports whether call sends a request that only reads: a GET
// or HEAD by name (http.Get, client.Get, resty's Get), or Do of a request
// built in the same function with a constant GET, HEAD or OPTIONS method.
func (c *checker) isHTTPRead(call *ast.CallExpr, fn *types.Func) bool {
	if apis.IsHTTPRead(fn) {
		return true
	}
	if fn == nil || !c.calls.IsNetworkCall(fn) || len(call.Args) == 0 {
		return false
	}
	id, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.Ident)
	if !ok {
		return false
	}
	build := c.definingCall(c.pass.TypesInfo.Uses[id])
	if build == nil {
		return false
	}
	rb, ok := apis.RequestBuilt(c.pass.TypesInfo, build)
	return ok && apis.IsReadMethod(rb.Method)
}

// definingCall returns the call whose first result initialises obj (req,
// err := http.NewRequestWithContext(...)), or nil.
func (c *checker) definingCall(obj types.Object) *ast.CallExpr {
	if obj == nil {
		return nil
	}
	var found *ast.CallExpr
	for _, f := range c.pass.Files {
		if f.Pos() > obj.Pos() || f.End() < obj.Pos() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if found != nil || n == nil || n.Pos() > obj.Pos() || n.End() < obj.Pos() {
				return false
			}
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && len(as.Lhs) > 0 {
				if id, ok := as.Lhs[0].(*ast.Ident); ok && c.pass.TypesInfo.Defs[id] == obj {
					found, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
				}
			}
			return found == nil
		})
	}
	return found
}
