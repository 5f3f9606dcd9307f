// Package consumer handles events, gated (or not) by the store's dedup
// helpers.
package consumer

import (
	"context"
	"database/sql"
	"log"

	"onconflict/dedupfunc/store"
)

// badGate returns on the helper's error only: a redelivery books again.
func badGate(ctx context.Context, tx *sql.Tx, id string) error {
	if err := store.Processed(ctx, tx, id); err != nil { // want `store\.Processed runs INSERT \.\.\. ON CONFLICT DO NOTHING into processed_events \(\(\*sql\.Tx\)\.ExecContext\) and returns only an error, so this dedup gate cannot tell a duplicate before store\.Book writes at consumer\.go:18: a retried or redelivered operation runs the side effect again; make store\.Processed report whether the row was inserted \(RowsAffected\(\) == 1\) and return early when it was not`
		return err
	}
	if err := store.Book(ctx, tx, id, 10); err != nil {
		return err
	}
	return tx.Commit()
}

// badWrapper goes through a wrapper that loses the count too.
func badWrapper(ctx context.Context, db *sql.DB, tx *sql.Tx, id string) error {
	if err := store.MarkSeen(ctx, db, id); err != nil { // want `store\.MarkSeen runs INSERT \.\.\. ON CONFLICT DO NOTHING into processed_events \(store\.Processed → \(\*sql\.Tx\)\.ExecContext\) and returns only an error`
		return err
	}
	return store.Book(ctx, tx, id, 10)
}

// badLogged logs the helper's error and goes on: the mark still tells
// nothing, and a redelivery books again (rule 3 does not look at how the
// error is handled).
func badLogged(ctx context.Context, tx *sql.Tx, id string) error {
	if err := store.Processed(ctx, tx, id); err != nil { // want `store\.Processed runs INSERT \.\.\. ON CONFLICT DO NOTHING`
		log.Printf("mark %s: %v", id, err)
	}
	return store.Book(ctx, tx, id, 10)
}

// goodLoggedLast marks last and logs a failure: nothing runs after the
// mark, so nothing repeats (a plain idempotent insert).
func goodLoggedLast(ctx context.Context, tx *sql.Tx, id string) {
	if err := store.Processed(ctx, tx, id); err != nil {
		log.Printf("mark %s: %v", id, err)
	}
}

// goodClaim branches on the helper's bool.
func goodClaim(ctx context.Context, tx *sql.Tx, id string) error {
	fresh, err := store.Claim(ctx, tx, id)
	if err != nil || !fresh {
		return err
	}
	return store.Book(ctx, tx, id, 10)
}

// goodClaimCount gets "already done" as an error from the helper.
func goodClaimCount(ctx context.Context, tx *sql.Tx, id string) error {
	if err := store.ClaimCount(ctx, tx, id); err != nil {
		return err
	}
	return store.Book(ctx, tx, id, 10)
}

// goodOnlyMarks marks twice: a second DO NOTHING insert repeats harmlessly.
func goodOnlyMarks(ctx context.Context, tx *sql.Tx, id string) error {
	if err := store.Processed(ctx, tx, id); err != nil {
		return err
	}
	if err := store.Processed(ctx, tx, id+"/audit"); err != nil {
		return err
	}
	return tx.Commit()
}

// goodFailureBranch writes a failure record only when the helper fails:
// a duplicate succeeds, so nothing runs again.
func goodFailureBranch(ctx context.Context, tx *sql.Tx, id string) error {
	if err := store.Processed(ctx, tx, id); err != nil {
		return store.Book(ctx, tx, id+"/failed", 0)
	}
	return tx.Commit()
}

// goodFailureBranchAssigned is the same with the error assigned first.
func goodFailureBranchAssigned(ctx context.Context, tx *sql.Tx, id string) error {
	err := store.Processed(ctx, tx, id)
	if err != nil {
		return store.Book(ctx, tx, id+"/failed", 0)
	}
	return tx.Commit()
}

// badAfterFailureBranch books after the failure branch: that write runs on
// a duplicate.
func badAfterFailureBranch(ctx context.Context, tx *sql.Tx, id string) error {
	if err := store.Processed(ctx, tx, id); err != nil { // want `store\.Processed runs INSERT \.\.\. ON CONFLICT DO NOTHING into processed_events \(\(\*sql\.Tx\)\.ExecContext\) and returns only an error, so this dedup gate cannot tell a duplicate before store\.Book writes at consumer\.go:103`
		log.Printf("mark %s: %v", id, err)
		_ = store.Book(ctx, tx, id+"/failed", 0)
	}
	return store.Book(ctx, tx, id, 10)
}
