package calls_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// keepsProbe reports, at each call of a method on the result of a call
// (svc.NewConsumer(cfg).Start(), h.Start() with h := ...), the method the
// constructor's KeepsParams fact resolves it to, and the arguments it
// keeps in which fields.
var keepsProbe = &analysis.Analyzer{
	Name:     "keepsprobe",
	Doc:      "test probe of calls.Result.Keeps and KeptMethod",
	Requires: []*analysis.Analyzer{calls.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[calls.Analyzer].(*calls.Result)
		ctors := make(map[*ast.Ident]*ast.CallExpr) // h := svc.NewConsumer(...)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
					if id, ok := as.Lhs[0].(*ast.Ident); ok {
						if call, ok := as.Rhs[0].(*ast.CallExpr); ok {
							ctors[id] = call
						}
					}
				}
				return true
			})
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				m := apis.Callee(pass.TypesInfo, call)
				if !ok || m == nil {
					return true
				}
				var ctorCall *ast.CallExpr
				switch x := sel.X.(type) {
				case *ast.CallExpr:
					ctorCall = x
				case *ast.Ident:
					for id, c := range ctors {
						if pass.TypesInfo.ObjectOf(id) == pass.TypesInfo.ObjectOf(x) {
							ctorCall = c
						}
					}
				}
				if ctorCall == nil {
					return true
				}
				ctor := apis.Callee(pass.TypesInfo, ctorCall)
				meth := r.KeptMethod(ctor, m)
				if meth == nil {
					return true
				}
				kept := ""
				f := r.Keeps(ctor)
				st := calls.KeptType(ctor, f).Underlying().(*types.Struct)
				for field := range st.NumFields() {
					for _, k := range f.Stores(field) {
						kept += fmt.Sprintf(" f%d←arg%d", k.Field, k.Param)
						if k.From > 0 {
							kept += fmt.Sprintf(".f%d", k.From-1)
						}
					}
				}
				pass.Reportf(call.Pos(), "runs %s;%s", funcname.Code(meth, pass.Pkg), kept)
				return true
			})
		}
		return nil, nil
	},
}

func TestKeptMethod(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, keepsProbe, "keepsprobe/use")
}
