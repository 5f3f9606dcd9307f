package onconflict

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// The no-row outcome handled without naming ErrNoRows: through the
// error's text, or through a wrapper that maps ErrNoRows to the code's
// own not-found error (a ChecksNoRows function) and whose result replaces
// the error.

// noRowsText is the text of database/sql's and pgx's ErrNoRows ("sql: no
// rows in result set", "no rows in result set"), lower-cased; a search
// for a part of it that names "no rows" counts.
const noRowsText = "no rows"

// stringSearches are the strings functions that look for a text in a string.
var stringSearches = apis.NewSet(
	apis.Func{Path: "strings", Name: "Contains"},
	apis.Func{Path: "strings", Name: "HasPrefix"},
	apis.Func{Path: "strings", Name: "HasSuffix"},
	apis.Func{Path: "strings", Name: "EqualFold"},
	apis.Func{Path: "strings", Name: "Index"},
)

// isNoRowsTextCompare reports whether b compares the text of the error
// isObj picks out with the no-rows text: err.Error() == "no rows in result set".
func (c *checker) isNoRowsTextCompare(b *ast.BinaryExpr, isObj func(ast.Expr) bool) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	return c.isErrorText(b.X, isObj) && c.namesNoRowsText(b.Y) || c.isErrorText(b.Y, isObj) && c.namesNoRowsText(b.X)
}

// isNoRowsTextCall reports whether call searches the text of the error
// isObj picks out for the no-rows text: strings.Contains(err.Error(), "no rows").
func (c *checker) isNoRowsTextCall(call *ast.CallExpr, isObj func(ast.Expr) bool) bool {
	fn := apis.Callee(c.info, call)
	if fn == nil || !stringSearches.Match(fn) || len(call.Args) != 2 {
		return false
	}
	return c.isErrorText(call.Args[0], isObj) && c.namesNoRowsText(call.Args[1])
}

// isErrorText reports whether e is err.Error() of the error isObj picks out.
func (c *checker) isErrorText(e ast.Expr, isObj func(ast.Expr) bool) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Error" && isObj(sel.X)
}

// namesNoRowsText reports whether e is a constant string that names the
// no-rows text.
func (c *checker) namesNoRowsText(e ast.Expr) bool {
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	return strings.Contains(strings.ToLower(constant.StringVal(tv.Value)), noRowsText)
}

// mappedOnReassign reports whether the assignment at pos replaces obj by
// the result of a function that compares it with ErrNoRows (err =
// notFound(err), where notFound maps ErrNoRows to the code's own error):
// the code goes on with its own not-found error.
func (c *checker) mappedOnReassign(obj types.Object, body *ast.BlockStmt, pos token.Pos) bool {
	isObj := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.info.Uses[id] == obj
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.End() < pos || n.Pos() > pos {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && as.Pos() == pos {
			for _, r := range as.Rhs {
				if call, ok := ast.Unparen(r).(*ast.CallExpr); ok && c.isNoRowsCheckCall(call, isObj) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
