package onconflict

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
)

// errorsIs are the errors.Is functions.
var errorsIs = apis.NewSet(
	apis.Func{Path: "errors", Name: "Is"},
	apis.Func{Path: "github.com/pkg/errors", Name: "Is"},
	apis.Func{Path: "golang.org/x/xerrors", Name: "Is"},
	apis.Func{Path: "github.com/cockroachdb/errors", Name: "Is"},
)

// isErrNoRows reports whether e names pgx.ErrNoRows or sql.ErrNoRows, or
// a package variable that holds one of them.
func (c *checker) isErrNoRows(e ast.Expr) bool {
	return c.namesNoRows(e, c.noRows)
}

// checksNoRowsIn reports whether body compares obj with ErrNoRows between
// from and to: errors.Is(obj, ErrNoRows), obj == ErrNoRows, a switch on
// obj with an ErrNoRows case, a helper with the ChecksNoRows fact, or a
// look at its text (norowother.go).
func (c *checker) checksNoRowsIn(body ast.Node, obj types.Object, from, to token.Pos) bool {
	isObj := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.info.Uses[id] == obj
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.End() <= from || n.Pos() >= to {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			found = c.isNoRowsCheckCall(n, isObj) || c.isNoRowsTextCall(n, isObj)
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				found = isObj(n.X) && c.isErrNoRows(n.Y) || isObj(n.Y) && c.isErrNoRows(n.X) || c.isNoRowsTextCompare(n, isObj)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && isObj(n.Tag) {
				for _, s := range n.Body.List {
					for _, e := range s.(*ast.CaseClause).List {
						if c.isErrNoRows(e) {
							found = true
						}
					}
				}
			}
		}
		return !found
	})
	return found
}

// isNoRowsCheckCall reports whether call compares the error arg picks out
// with ErrNoRows: errors.Is(arg, ErrNoRows), or a ChecksNoRows helper.
func (c *checker) isNoRowsCheckCall(call *ast.CallExpr, arg func(ast.Expr) bool) bool {
	fn := apis.Callee(c.info, call)
	if fn == nil {
		return false
	}
	if errorsIs.Match(fn) {
		return len(call.Args) == 2 && arg(call.Args[0]) && c.isErrNoRows(call.Args[1])
	}
	if c.checkers.Match(fn) {
		return len(call.Args) > 0 && arg(call.Args[0])
	}
	ts := c.callSummaries(call)
	if !calls.Every(ts, func(t calls.Reached[*summary]) bool {
		return t.Sum != nil && t.Sum.checks != nil && t.Sum.checks.Param == ts[0].Sum.checks.Param
	}) {
		return false
	}
	i := ts[0].Sum.checks.Param
	return i < len(call.Args) && arg(call.Args[i])
}

// checksParam returns the ChecksNoRows fact of a function that compares
// one of its error parameters with ErrNoRows.
func (c *checker) checksParam(fd *ast.FuncDecl) *ChecksNoRows {
	i := 0
	for _, field := range fd.Type.Params.List {
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, name := range names {
			obj := c.info.Defs[name]
			if obj != nil && types.Identical(obj.Type(), errorType) && c.checksNoRowsIn(fd.Body, obj, fd.Body.Pos(), fd.Body.End()) {
				return &ChecksNoRows{Param: i}
			}
			i++
		}
	}
	return nil
}

var errorType = types.Universe.Lookup("error").Type()
