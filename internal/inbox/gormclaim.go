package inbox

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// GORM claims. tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
// is INSERT ... ON CONFLICT DO NOTHING (apis.GORMDoNothingCreate): on a
// duplicate it succeeds with no error and RowsAffected 0. So its outcome
// is tested only by a read of RowsAffected — on the handle the Create
// returns (res.RowsAffected, Create(&row).RowsAffected) or a value made
// from it — in an if or switch; a check of res.Error alone lets a
// duplicate through, and the create without DoNothing fails the whole
// transaction on a duplicate instead of skipping (no claim either).
//
// GORM's transaction is a *gorm.DB like any handle, so the callback of
// db.Transaction(func(tx *gorm.DB) error {...}) (any BeginFunc-style
// callback of apis) holds its transaction in its parameters, and a value
// a begin returns (db.Begin()) is one.

// txCallbacks returns the function literals of the package passed as the
// callback of a BeginFunc-style call (pgx.BeginFunc, gorm's Transaction),
// by type and by body.
func txCallbacks(info *types.Info, files []*ast.File) (map[*ast.FuncType]bool, map[*ast.BlockStmt]bool) {
	out := map[*ast.FuncType]bool{}
	bodies := map[*ast.BlockStmt]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			i := apis.TxFuncBeginCallback(apis.Describe(apis.Callee(info, call)))
			if i >= 0 && i < len(call.Args) {
				if lit, ok := ast.Unparen(call.Args[i]).(*ast.FuncLit); ok {
					out[lit.Type] = true
					bodies[lit.Body] = true
				}
			}
			return true
		})
	}
	return out, bodies
}

// txBegins are the calls that return a transaction, whatever its type.
var txBegins = apis.TxBegins()

// gormOutcomeTested reports whether body tests RowsAffected of the GORM
// claim in an if or switch (functions literals excluded).
func (u *units) gormOutcomeTested(body *ast.BlockStmt, claim *ast.CallExpr) bool {
	return testsAny(body, u.gormRowsReads(body, claim))
}

// gormOutcomeReturned reports whether body returns RowsAffected of the
// GORM claim, or a value made from it, to its caller (a claim helper).
func (u *units) gormOutcomeReturned(body *ast.BlockStmt, claim *ast.CallExpr) bool {
	reads := u.gormRowsReads(body, claim)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				found = found || reads(r)
			}
		}
		return !found
	})
	return found || u.gormOutcomeTested(body, claim)
}

// gormRowsReads returns a test of whether an expression reads
// RowsAffected of claim: on the claim itself, on a *gorm.DB variable it
// is assigned to, or a variable assigned from such a read.
func (u *units) gormRowsReads(body *ast.BlockStmt, claim *ast.CallExpr) func(ast.Expr) bool {
	handles := map[types.Object]bool{}
	counts := map[types.Object]bool{}
	readsRows := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(x ast.Node) bool {
			if sel, ok := x.(*ast.SelectorExpr); ok && apis.IsGORMRowsAffected(u.info, sel) &&
				(contains(sel.X, claim) || mentions(u.info, sel.X, handles)) {
				found = true
			}
			return !found
		})
		return found || mentions(u.info, e, counts)
	}
	for round := 0; round < 3; round++ {
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 {
				return true
			}
			rhs := ast.Unparen(as.Rhs[0])
			toHandle := rhs == ast.Expr(claim) || mentions(u.info, rhs, handles) && isGORMHandle(u.info, rhs)
			toCount := readsRows(rhs)
			if !toHandle && !toCount {
				return true
			}
			for _, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok || id.Name == "_" {
					continue
				}
				o := u.info.Defs[id]
				if o == nil {
					o = u.info.Uses[id]
				}
				switch {
				case o == nil:
				case toHandle:
					handles[o] = true
				default:
					counts[o] = true
				}
			}
			return true
		})
	}
	return func(e ast.Expr) bool { return readsRows(e) }
}

// isGORMHandle reports whether e is a *gorm.DB (res2 := res).
func isGORMHandle(info *types.Info, e ast.Expr) bool {
	return apis.IsGORMDB(info.TypeOf(e))
}
