package apis

// bun (github.com/uptrace/bun v1): bun.Tx is the transaction type; RunInTx
// on a DB, a Conn or a Tx (a savepoint) runs its callback inside one.
const bun = "github.com/uptrace/bun"

func init() {
	DBPaths = append(DBPaths, bun)
	txTypes = append(txTypes, Func{Path: bun, Name: "Tx"})
	for _, recv := range []string{"DB", "Conn", "Tx"} {
		txBegins.Add(Func{Path: bun, Recv: recv, Name: "BeginTx"})
		// RunInTx(ctx, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error)
		txFuncBegins[Func{Path: bun, Recv: recv, Name: "RunInTx"}] = 2
	}
	txBegins.Add(Func{Path: bun, Recv: "DB", Name: "Begin"}, Func{Path: bun, Recv: "Tx", Name: "Begin"})
	txCommits.Add(Func{Path: bun, Recv: "Tx", Name: "Commit"})
	txRollbacks.Add(Func{Path: bun, Recv: "Tx", Name: "Rollback"})
}
