package calls

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// countedImpls returns the implementations of the interface method m
// whose summaries decide m's: neither decorators (withoutDecorators) nor
// generated code out of sight (withoutGenerated).
func (r *Result) countedImpls(m *types.Func, impls []*types.Func) []*types.Func {
	return r.withoutGenerated(m, r.withoutDecorators(m, impls))
}

// withoutDecorators returns the implementations of the interface method
// m that do not call m themselves. A decorator (a cache that implements
// the repository interface and falls back to another implementation of
// it, a logging or tracing wrapper) does what the implementation it wraps
// does, and more: it neither adds to nor takes from the effects all
// implementations share, and its summary, which depends on m's, would cut
// the cycle to nothing. Only a direct call of m in the implementation's
// own body counts (r.fallback.Find(ctx, id)); the scan is one walk of that
// body.
func (r *Result) withoutDecorators(m *types.Func, impls []*types.Func) []*types.Func {
	out := impls[:0:0]
	for _, fn := range impls {
		if !r.callsMethod(fn, m) {
			out = append(out, fn)
		}
	}
	return out
}

// callsMethod reports whether the body of fn, declared in the package,
// calls the interface method m.
func (r *Result) callsMethod(fn, m *types.Func) bool {
	decl := r.decls[fn.Origin()]
	if decl == nil {
		return false
	}
	m = m.Origin()
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if c := apis.Callee(r.pass.TypesInfo, call); c != nil && c.Origin() == m {
				found = true
			}
		}
		return !found
	})
	return found
}
