package apis

import "go/types"

// GORM's context: db.WithContext(ctx) returns a *gorm.DB carrying ctx, and
// the statement that finally runs on it (a Create, an Exec, a transaction's
// Commit) runs under that context. WithContext is a context sink only when
// its handle reaches such a write: a cancelled read fails and is retried,
// a cancelled write rolls back.

var gormWithContext = Func{Path: gorm, Recv: "DB", Name: "WithContext"}

// gormCtxWrites write (or commit) under the handle's context.
var gormCtxWrites = func() *Set {
	s := NewSet(
		Func{Path: gorm, Recv: "DB", Name: "Exec"},
		Func{Path: gorm, Recv: "DB", Name: "Commit"},
		Func{Path: gorm, Recv: "DB", Name: "Transaction"},
	)
	for f := range dbWrites.m {
		if f.Path == gorm {
			s.Add(f)
		}
	}
	return s
}()

// IsGORMWithContext reports whether fn is (*gorm.DB).WithContext.
func IsGORMWithContext(fn *types.Func) bool { return fn != nil && Describe(fn) == gormWithContext }

// IsGORMCtxWrite reports whether fn writes or commits on a *gorm.DB under
// its context: Create, Save, Update*, Delete, Exec, Commit, Transaction, ...
func IsGORMCtxWrite(fn *types.Func) bool { return gormCtxWrites.Match(fn) }

// IsGORMDB reports whether t is *gorm.DB, the handle GORM's calls chain on.
func IsGORMDB(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isLibType(p.Elem(), gorm, "DB")
}

// GORMContextHandles returns the calls that hand a *gorm.DB a context
// (WithContext): a package using none has no GORM context sink.
func GORMContextHandles() *Set { return NewSet(gormWithContext) }
