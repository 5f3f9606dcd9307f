package uuidinretry

import (
	"go/ast"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
)

// fasthttp and fiber requests (apis/fasthttp.go) carry their method on the
// request header or in the agent's constructor, not in the call that
// sends them: the method is the write method the function that sends the
// request sets (the first one, in source order).

// fastHTTPWriteMethod returns the write method (POST, PUT, PATCH) the
// function around cur sets on a fasthttp request, or "".
func (c *checker) fastHTTPWriteMethod(cur inspector.Cursor) string {
	fn, ok := enclosingFunc(cur)
	if !ok {
		return ""
	}
	for n := range fn.Preorder((*ast.CallExpr)(nil)) {
		if m := apis.FastHTTPMethod(c.pass.TypesInfo, n.Node().(*ast.CallExpr)); apis.IsWriteMethod(m) {
			return m
		}
	}
	return ""
}
