package apis

import "go/types"

// pgx batches: queries queued with (*pgx.Batch).Queue (a QueryQueue call)
// are sent with SendBatch, and their results read in queue order from the
// pgx.BatchResults it returns.
var (
	sendBatches = NewSet(
		Func{Path: pgx, Recv: "Conn", Name: "SendBatch"},
		Func{Path: pgx, Recv: "Tx", Name: "SendBatch"},
		Func{Path: pgx, Recv: "dbTx", Name: "SendBatch"},
		Func{Path: pgx, Recv: "dbSimulatedNestedTx", Name: "SendBatch"},
		Func{Path: pgxpool, Recv: "Pool", Name: "SendBatch"},
		Func{Path: pgxpool, Recv: "Conn", Name: "SendBatch"},
		Func{Path: pgxpool, Recv: "Tx", Name: "SendBatch"},
	)
	batchReads = map[Func]QueryKind{
		{Path: pgx, Recv: "BatchResults", Name: "Exec"}:     QueryExec,
		{Path: pgx, Recv: "BatchResults", Name: "Query"}:    QueryRows,
		{Path: pgx, Recv: "BatchResults", Name: "QueryRow"}: QueryRow,
	}
	// collectOneRows read the first row of a pgx.Rows and fail with
	// pgx.ErrNoRows when there is none, as QueryRow's Scan does.
	collectOneRows = NewSet(
		Func{Path: pgx, Name: "CollectOneRow"},
		Func{Path: pgx, Name: "CollectExactlyOneRow"},
	)
)

// IsSendBatch reports whether fn sends a pgx.Batch (its second argument)
// and returns its pgx.BatchResults.
func IsSendBatch(fn *types.Func) bool { return sendBatches.Match(fn) }

// BatchRead reports whether fn reads the result of the next queued query
// from pgx.BatchResults, and as what (QueryExec, QueryRows, QueryRow).
func BatchRead(fn *types.Func) (QueryKind, bool) {
	k, ok := batchReads[Describe(fn)]
	return k, ok
}

// IsCollectOneRow reports whether fn is pgx.CollectOneRow or
// pgx.CollectExactlyOneRow: its rows argument (0) yields pgx.ErrNoRows
// when the query returned no row.
func IsCollectOneRow(fn *types.Func) bool { return collectOneRows.Match(fn) }
