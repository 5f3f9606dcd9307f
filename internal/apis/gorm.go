package apis

// GORM (gorm.io/gorm v1): a transaction is a *gorm.DB like any other handle,
// so the type alone says nothing; only the calls do. db.Transaction runs
// its callback inside a transaction; db.Begin returns one that Commit or
// Rollback ends.
const gorm = "gorm.io/gorm"

func init() {
	DBPaths = append(DBPaths, gorm)
	txBegins.Add(Func{Path: gorm, Recv: "DB", Name: "Begin"})
	txFuncBegins[Func{Path: gorm, Recv: "DB", Name: "Transaction"}] = 0 // Transaction(fc func(tx *DB) error, opts...)
	txCommits.Add(Func{Path: gorm, Recv: "DB", Name: "Commit"})
	txRollbacks.Add(Func{Path: gorm, Recv: "DB", Name: "Rollback"})
}
