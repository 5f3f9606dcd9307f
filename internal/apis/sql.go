package apis

import (
	"go/types"
	"strings"
)

// Database APIs: pgx (v4 and v5, pgxpool, pgconn), database/sql, sqlx.
const (
	pgx     = "github.com/jackc/pgx"
	pgxpool = "github.com/jackc/pgx/pgxpool"
	pgconn  = "github.com/jackc/pgconn" // pgx v4's pgconn module
	pgconn5 = "github.com/jackc/pgx/pgconn"
	sqlPkg  = "database/sql"
	sqlx    = "github.com/jmoiron/sqlx"
)

// DBPaths are the import paths (normalized) of the database libraries.
var DBPaths = []string{pgx, sqlPkg, sqlx, pgconn}

// SQLTextPaths are the database libraries whose writes and locks show in
// the SQL text they are given (the others, ORMs and document stores, write
// through methods such as Create or Set).
var SQLTextPaths = []string{pgx, sqlPkg, sqlx, pgconn}

// IsSQLTextLibrary reports whether path (an import path) is, or lies under,
// one of SQLTextPaths.
func IsSQLTextLibrary(path string) bool {
	p := NormPath(path)
	for _, lib := range SQLTextPaths {
		if p == lib || strings.HasPrefix(p, lib+"/") {
			return true
		}
	}
	return false
}

// txBegins open a transaction and return it.
var txBegins = NewSet(
	Func{Path: pgx, Recv: "Conn", Name: "Begin"},
	Func{Path: pgx, Recv: "Conn", Name: "BeginTx"},
	Func{Path: pgx, Recv: "Tx", Name: "Begin"}, // nested: a savepoint
	Func{Path: pgxpool, Recv: "Pool", Name: "Begin"},
	Func{Path: pgxpool, Recv: "Pool", Name: "BeginTx"},
	Func{Path: pgxpool, Recv: "Conn", Name: "Begin"},
	Func{Path: pgxpool, Recv: "Conn", Name: "BeginTx"},
	Func{Path: pgxpool, Recv: "Tx", Name: "Begin"},
	Func{Path: sqlPkg, Recv: "DB", Name: "Begin"},
	Func{Path: sqlPkg, Recv: "DB", Name: "BeginTx"},
	Func{Path: sqlPkg, Recv: "Conn", Name: "BeginTx"},
	Func{Path: sqlx, Recv: "DB", Name: "Beginx"},
	Func{Path: sqlx, Recv: "DB", Name: "BeginTxx"},
	Func{Path: sqlx, Recv: "DB", Name: "MustBegin"},
	Func{Path: sqlx, Recv: "DB", Name: "MustBeginTx"},
	Func{Path: sqlx, Recv: "Conn", Name: "BeginTxx"},
)

// txFuncBegins run a callback inside a transaction; the callback's argument index.
var txFuncBegins = map[Func]int{
	{Path: pgx, Name: "BeginFunc"}:                     2, // v5: BeginFunc(ctx, db, fn)
	{Path: pgx, Name: "BeginTxFunc"}:                   3, // v5: BeginTxFunc(ctx, db, opts, fn)
	{Path: pgx, Recv: "Conn", Name: "BeginFunc"}:       1, // v4: conn.BeginFunc(ctx, fn)
	{Path: pgx, Recv: "Conn", Name: "BeginTxFunc"}:     2, // v4: conn.BeginTxFunc(ctx, opts, fn)
	{Path: pgx, Recv: "Tx", Name: "BeginFunc"}:         1, // v4
	{Path: pgxpool, Recv: "Pool", Name: "BeginFunc"}:   1, // v4
	{Path: pgxpool, Recv: "Pool", Name: "BeginTxFunc"}: 2, // v4
	{Path: pgxpool, Recv: "Tx", Name: "BeginFunc"}:     1, // v4
	{Path: pgxpool, Recv: "Conn", Name: "BeginFunc"}:   1, // v4
	{Path: pgxpool, Recv: "Conn", Name: "BeginTxFunc"}: 2, // v4
}

// txCommits commit a transaction; txRollbacks roll it back.
var txCommits = NewSet(
	Func{Path: pgx, Recv: "Tx", Name: "Commit"},
	Func{Path: pgxpool, Recv: "Tx", Name: "Commit"},
	Func{Path: sqlPkg, Recv: "Tx", Name: "Commit"},
)

var txRollbacks = NewSet(
	Func{Path: pgx, Recv: "Tx", Name: "Rollback"},
	Func{Path: pgxpool, Recv: "Tx", Name: "Rollback"},
	Func{Path: sqlPkg, Recv: "Tx", Name: "Rollback"},
)

// txTypes are the transaction types: a function that receives one runs
// inside its caller's transaction.
var txTypes = []Func{
	{Path: pgx, Name: "Tx"},
	{Path: pgxpool, Name: "Tx"},
	{Path: sqlPkg, Name: "Tx"},
	{Path: sqlx, Name: "Tx"},
}

// TxBegins returns the default set of transaction begins.
func TxBegins() *Set { return txBegins.Clone() }

// TxFuncBeginCallback returns the callback argument index of a
// BeginFunc-style call, or -1.
func TxFuncBeginCallback(f Func) int {
	if i, ok := txFuncBegins[f]; ok {
		return i
	}
	return -1
}

// TxCommits returns the default set of transaction commits.
func TxCommits() *Set { return txCommits.Clone() }

// TxRollbacks returns the default set of transaction rollbacks.
func TxRollbacks() *Set { return txRollbacks.Clone() }

// IsTxType reports whether the named type (path and name, path normalized)
// is a transaction type.
func IsTxType(path, name string) bool {
	for _, t := range txTypes {
		if t.Path == NormPath(path) && t.Name == name {
			return true
		}
	}
	return false
}

// IsTx reports whether t is a transaction type (pgx.Tx, *sql.Tx, *sqlx.Tx,
// pgxpool.Tx), or a pointer to one.
func IsTx(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return IsTxType(n.Obj().Pkg().Path(), n.Obj().Name()) || isGeneratedTx(n.Obj())
}
