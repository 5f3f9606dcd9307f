// Package onconflict defines an Analyzer that reports INSERT ... ON
// CONFLICT DO NOTHING statements whose "no row" outcome is mishandled.
//
// # Analyzer onconflict
//
// onconflict: report ON CONFLICT DO NOTHING whose skipped insert is treated as a failure or not noticed at all
//
// INSERT ... ON CONFLICT DO NOTHING is how a consumer or an HTTP handler
// claims a key exactly once. On a duplicate the insert is skipped: no row
// is inserted, none is returned, and the affected-row count is 0. Code
// that does not expect that outcome breaks idempotency in one of two ways.
//
// A query with RETURNING gives no row on a duplicate, so Scan fails with
// pgx.ErrNoRows (sql.ErrNoRows): the caller fails on exactly the
// redelivery it was meant to absorb, and a Kafka consumer errors on the
// same message forever. The analyzer reports
//   - a call of a query method whose query is INSERT ... ON CONFLICT ... DO
//     NOTHING ... RETURNING (a sqlc :one query, or a hand-written method that
//     returns the Scan error; a fact marks such methods across packages;
//     called through an interface such as sqlc's Querier or through a
//     method value, when every implementation in sight is one), when the
//     caller does not compare the error with ErrNoRows;
//   - QueryRow(ctx, <such a query>).Scan(...) (pgx, database/sql, sqlx),
//     sqlx Get, and pgx.CollectOneRow over Query(ctx, <such a query>), when
//     the error is not compared with ErrNoRows;
//   - br.QueryRow().Scan(...) on the results of a pgx.Batch on which the
//     same function queued such a query (b.Queue(q, ...); br :=
//     x.SendBatch(ctx, b)), when every query queued on the batch is that
//     query, or when the reads can be paired with the queued queries in
//     order (none of them in a loop or a branch).
//
// The error counts as handled when it is compared with pgx.ErrNoRows or
// sql.ErrNoRows by errors.Is, == or a switch case, or passed to a helper
// that does so (IsNoRows(err); a fact marks such helpers), when its text
// is searched for "no rows" (err.Error() == "no rows in result set",
// strings.Contains(err.Error(), "no rows")), or when it is replaced by the
// result of a wrapper that maps ErrNoRows to the code's own not-found error
// (err = notFound(err)). Since pgx v5.7 pgx.ErrNoRows wraps sql.ErrNoRows,
// so either sentinel handles both; the message names the one of the
// driver in use.
//
// A dedup gate without RETURNING fails the other way: Exec of INSERT ...
// ON CONFLICT ... DO NOTHING succeeds on a duplicate too, so a function
// that never reads RowsAffected and goes on to a write that does not
// repeat harmlessly (a plain INSERT, an UPDATE that sets a column from its
// own value, SQL that is not constant, an HTTP call, a Kafka produce, a
// function that writes) runs the side effect again (category "dedupgate").
// Upserts, further DO NOTHING inserts, absolute UPDATEs, DELETEs and the
// transaction's commit repeat harmlessly: an insert followed only by those
// gates nothing. The same holds for GORM: a Create with
// Clauses(clause.OnConflict{DoNothing: true}) succeeds on a duplicate with
// RowsAffected 0 (and the model's ID unset); reading only its Error before
// a later write lets the duplicate through, reading RowsAffected handles it.
// A helper that runs the DO NOTHING insert, writes nothing else and
// returns only an error (MarkProcessed(ctx, tx, id) error) loses the
// count for its callers (a DiscardsInsertCount fact, through wrappers
// too): the caller that goes on to such a write is reported at the call,
// naming the helper, whether it returns or only logs the helper's error.
// A helper that returns the count, a bool or the Exec result, a sqlc
// :exec method, a caller that writes nothing after the call, and a write
// in the branch taken only when the helper fails (a dead letter: a
// duplicate succeeds) are left alone.
//
// SQL is read from constant string expressions (literals, named constants,
// concatenations) passed as the query; sqlc's generated "-- name: X :one"
// constants name the query in the message. Nothing is reported in
// generated files, which are still analysed for facts.
//
// Not reported: sqlc :many, :exec and :execrows queries; ON CONFLICT DO
// UPDATE ... RETURNING (xmax = 0) AS inserted; a CTE whose outer query
// falls back to a SELECT of the existing row; callers that handle
// ErrNoRows; an Exec whose RowsAffected is checked; an ignored result in a
// function that writes nothing afterwards (a plain idempotent insert).
// The idemlint command also checks sqlc query files on request (-sqlc).
//
// Libraries: pgx (Conn, Pool, Tx, Batch, CollectOneRow), database/sql,
// sqlx, sqlc's generated queries; GORM's Create with
// Clauses(clause.OnConflict{DoNothing: true}) as a dedup gate (its
// RowsAffected read is the handled form). ORM writes (GORM, bun, ent,
// MongoDB) count as writes after a gate.
//
// Bad:
//
//	-- name: InsertProcessedEvent :one
//	INSERT INTO processed_event (event_id) VALUES ($1)
//	ON CONFLICT (event_id) DO NOTHING
//	RETURNING event_id;
//
//	if _, err := q.InsertProcessedEvent(ctx, id); err != nil {
//		return err // pgx.ErrNoRows on every redelivery
//	}
//
//	_, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, id)
//	if err != nil {
//		return err
//	}
//	return charge(ctx, tx, id) // runs again for a duplicate
//
// Good:
//
//	-- name: InsertProcessedEvent :one
//	INSERT INTO processed_event (event_id) VALUES ($1)
//	ON CONFLICT (event_id) DO UPDATE SET event_id = EXCLUDED.event_id
//	RETURNING (xmax = 0) AS inserted;
//
//	inserted, err := q.InsertProcessedEvent(ctx, id)
//	if err != nil {
//		return err
//	}
//	if !inserted {
//		return nil // already processed
//	}
//
//	tag, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, id)
//	if err != nil {
//		return err
//	}
//	if tag.RowsAffected() == 0 {
//		return nil // duplicate: already done
//	}
//	return charge(ctx, tx, id)
package onconflict
