package calls

import (
	"go/ast"

	"github.com/idemlint/idemlint/internal/apis"
)

// isLibraryBegin reports whether call is a library's begin whose result
// type does not say it is a transaction: GORM's db.Begin() returns a
// *gorm.DB like every other GORM call.
func (r *Result) isLibraryBegin(call *ast.CallExpr) bool {
	fn := apis.Callee(r.pass.TypesInfo, call)
	return fn != nil && txBegins.Match(fn)
}
