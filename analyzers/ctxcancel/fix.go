package ctxcancel

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// reuseFix suggests handing the unprotected call the context variable that
// already protects the other sink of the function, when it is in scope.
func (s *state) reuseFix(c, guard *checked) (analysis.SuggestedFix, bool) {
	if c.field > 0 || guard.field > 0 {
		return analysis.SuggestedFix{}, false
	}
	arg, garg := s.argExpr(c), s.argExpr(guard)
	id, ok := garg.(*ast.Ident)
	if arg == nil || !ok {
		return analysis.SuggestedFix{}, false
	}
	obj, ok := s.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || obj.Parent() == nil || obj.Parent() == s.pass.Pkg.Scope() {
		return analysis.SuggestedFix{}, false
	}
	scope := innermost(s.pass.Pkg.Scope(), arg.Pos())
	if scope == nil {
		return analysis.SuggestedFix{}, false
	}
	if _, found := scope.LookupParent(id.Name, arg.Pos()); found != obj {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   "Use " + id.Name + ", the detached context of this batch",
		TextEdits: []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(), NewText: []byte(id.Name)}},
	}, true
}

func innermost(pkg *types.Scope, pos token.Pos) *types.Scope {
	for i := range pkg.NumChildren() {
		if sc := pkg.Child(i).Innermost(pos); sc != nil {
			return sc
		}
	}
	return nil
}

func exprText(e ast.Expr) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, token.NewFileSet(), e); err != nil {
		return types.ExprString(e)
	}
	return buf.String()
}
