package apis

import "go/types"

// GORM's context: db.WithContext(ctx) returns a *gorm.DB carrying ctx, and
// what finally runs on it runs under that context. WithContext is a
// context sink when its handle reaches a transaction's end — Begin then
// Commit, or Transaction(fn), which commits after fn — like database/sql's
// BeginTx. A single auto-committed write (Create, Updates, Exec) is no
// sink, as pgx's or database/sql's Exec is none: cancelled, it fails whole
// and is done again.

var gormWithContext = Func{Path: gorm, Recv: "DB", Name: "WithContext"}

// gormCtxCommits end a transaction under the handle's context.
var gormCtxCommits = NewSet(
	Func{Path: gorm, Recv: "DB", Name: "Commit"},
	Func{Path: gorm, Recv: "DB", Name: "Transaction"},
)

// IsGORMWithContext reports whether fn is (*gorm.DB).WithContext.
func IsGORMWithContext(fn *types.Func) bool { return fn != nil && Describe(fn) == gormWithContext }

// IsGORMCtxCommit reports whether fn commits a transaction on a *gorm.DB
// under the handle's context (Commit, Transaction).
func IsGORMCtxCommit(fn *types.Func) bool { return gormCtxCommits.Match(fn) }

// IsGORMDB reports whether t is *gorm.DB, the handle GORM's calls chain on.
func IsGORMDB(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isLibType(p.Elem(), gorm, "DB")
}

// GORMContextHandles returns the calls that hand a *gorm.DB a context
// (WithContext): a package using none has no GORM context sink.
func GORMContextHandles() *Set { return NewSet(gormWithContext) }
