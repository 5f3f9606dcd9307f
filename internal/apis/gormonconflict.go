package apis

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// GORM's ON CONFLICT: db.Clauses(clause.OnConflict{DoNothing: true}).Create(&x)
// is INSERT ... ON CONFLICT DO NOTHING: on a duplicate it succeeds with
// RowsAffected 0 and leaves x's primary key unset. Read RowsAffected to
// know whether the row was inserted (onconflict's dedup gate; an inbox
// claim when it is tested, internal/inbox).

var (
	gormCreates = NewSet(
		Func{Path: gorm, Recv: "DB", Name: "Create"},
		Func{Path: gorm, Recv: "DB", Name: "CreateInBatches"},
	)
	gormClauses = Func{Path: gorm, Recv: "DB", Name: "Clauses"}
)

// GORMOnConflictDoNothing is the clause.OnConflict field that makes the
// insert DO NOTHING on a conflict.
const GORMOnConflictDoNothing = "DoNothing"

// GORMResultRowsAffected is the *gorm.DB field a caller reads to learn
// whether its statement changed a row.
const GORMResultRowsAffected = "RowsAffected"

// IsGORMCreate reports whether fn inserts GORM models (Create, CreateInBatches).
func IsGORMCreate(fn *types.Func) bool { return gormCreates.Match(fn) }

// IsGORMClauses reports whether fn is (*gorm.DB).Clauses, which adds
// clauses (clause.OnConflict, ...) to the statement.
func IsGORMClauses(fn *types.Func) bool { return fn != nil && Describe(fn) == gormClauses }

// IsORMWrite reports whether fn writes through a method rather than SQL
// text (GORM Create/Save/Update*/Delete, bun, ent, MongoDB, pgx COPY;
// dbwrite.go).
func IsORMWrite(fn *types.Func) bool { return dbWrites.Match(fn) }

// maxGORMChain bounds the receiver chain searched for the clause.
const maxGORMChain = 8

// GORMDoNothingCreate reports whether call is a GORM Create whose receiver
// chain (db.WithContext(ctx).Clauses(...).Create) adds
// clause.OnConflict{DoNothing: true}: INSERT ... ON CONFLICT DO NOTHING.
// A clause built elsewhere (a variable, a helper) is not followed.
func GORMDoNothingCreate(info *types.Info, call *ast.CallExpr) bool {
	if !IsGORMCreate(Callee(info, call)) {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	for range maxGORMChain {
		if !ok {
			return false
		}
		inner, isCall := ast.Unparen(sel.X).(*ast.CallExpr)
		if !isCall {
			return false
		}
		if IsGORMClauses(Callee(info, inner)) {
			for _, arg := range inner.Args {
				if isGORMDoNothingClause(info, arg) {
					return true
				}
			}
		}
		sel, ok = ast.Unparen(inner.Fun).(*ast.SelectorExpr)
	}
	return false
}

// isGORMDoNothingClause reports whether e is a clause.OnConflict literal
// (or its address) with DoNothing set to the constant true.
func isGORMDoNothingClause(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X) // &clause.OnConflict{...}
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok || !IsGormOnConflict(info.TypeOf(lit)) {
		return false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == GORMOnConflictDoNothing {
			tv := info.Types[kv.Value]
			return tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
		}
	}
	return false
}

// IsGORMRowsAffected reports whether e reads RowsAffected of a *gorm.DB
// (res.RowsAffected, db.Create(&x).RowsAffected).
func IsGORMRowsAffected(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != GORMResultRowsAffected {
		return false
	}
	return IsGORMDB(info.TypeOf(sel.X))
}
