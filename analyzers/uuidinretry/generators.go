package uuidinretry

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// genCall describes a call that makes a fresh identifier.
type genCall struct {
	chain string // "uuid.NewString", or "newKey → uuid.NewString" through calls
	key   string // the idempotency field of the result holding the identifier (MakesFreshID.Key), "" if none
}

// generator reports whether call makes a fresh identifier: a library
// generator, or a call every target of which (calls.Derived: a function
// with the MakesFreshID fact, the implementations in sight of an
// interface method, the functions a function value may hold) is a
// generator or has the fact — an IDGenerator interface over uuid, a
// newID func() string field set to uuid.NewString.
func (c *checker) generator(call *ast.CallExpr) (genCall, bool) {
	if fn := apis.Callee(c.pass.TypesInfo, call); fn != nil && c.generators.Match(fn) {
		return genCall{chain: funcname.Code(fn, nil)}, true
	}
	ts := c.sums.CallTargets(call)
	if chain, ok := targetsChain(c.calleeName(call, ts), ts, c.freshBelow); ok {
		g := genCall{chain: chain}
		if calls.Every(ts, func(t reached) bool { return t.Sum != nil && t.Sum.fresh != nil && t.Sum.fresh.Key != "" }) {
			g.key = ts[0].Sum.fresh.Key
		}
		return g, true
	}
	return genCall{}, false
}

// freshBelow returns the chain by which a call of t makes a fresh
// identifier ("": it does not).
func (c *checker) freshBelow(t reached) string {
	switch {
	case t.Func == nil:
		return ""
	case c.generators.Match(t.Func):
		return funcname.Code(t.Func, nil)
	case t.Sum != nil && t.Sum.fresh != nil:
		return funcname.Code(t.Func, c.pass.Pkg) + " → " + t.Sum.fresh.Chain
	}
	return ""
}

// topExpr climbs from a generator call to the expression that holds the
// identifier: uuid.New().String(), uuid.Must(uuid.NewRandom()), string(id).
func (c *checker) topExpr(cur inspector.Cursor) inspector.Cursor {
	for {
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case *ast.ParenExpr:
			cur = parent
			continue
		case *ast.SelectorExpr:
			// id.String(), id.Bytes()
			if call, ok := parent.Parent().Node().(*ast.CallExpr); ok && call.Fun == p {
				if fn := apis.Callee(c.pass.TypesInfo, call); fn != nil && apis.IsIDType(pkgPath(fn)) {
					cur = parent.Parent()
					continue
				}
			}
		case *ast.CallExpr:
			if fn := apis.Callee(c.pass.TypesInfo, p); fn != nil && apis.IsIDMustWrapper(apis.Describe(fn)) {
				cur = parent
				continue
			}
			if tv, ok := c.pass.TypesInfo.Types[p.Fun]; ok && tv.IsType() {
				cur = parent
				continue
			}
		}
		return cur
	}
}

func pkgPath(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	return fn.Pkg().Path()
}

// retryOperation reports whether call is a retry (a library retry function
// or a function with the RetriesParam fact), and returns its operation
// argument and the name to show for the retry.
func (c *checker) retryOperation(call *ast.CallExpr) (ast.Expr, string, bool) {
	if op, fn := c.retryFuncs.Operation(c.pass.TypesInfo, call); op != nil {
		return op, funcname.Code(fn, nil), true
	}
	// every target retries the same parameter (calls.Derived: a helper, an
	// interface's implementations in sight, a function value's functions)
	ts := c.sums.CallTargets(call)
	if !calls.Every(ts, func(t reached) bool {
		return t.Sum != nil && t.Sum.retries != nil && t.Sum.retries.Param == ts[0].Sum.retries.Param
	}) {
		return nil, "", false
	}
	i := ts[0].Sum.retries.Param
	if i >= len(call.Args) {
		return nil, "", false
	}
	name := c.calleeName(call, ts)
	if name == "" {
		name = funcname.Code(ts[0].Func, c.pass.Pkg)
	}
	return call.Args[i], name, true
}
