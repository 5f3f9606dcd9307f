// Package dedup records that a consumer has handled an event, in the same
// database transaction as the handling itself, so that a redelivered event
// (Kafka redelivers whatever was not committed before SIGTERM) is skipped
// instead of applied twice.
//
// Create the table once (Schema), then in the handler's transaction claim
// the event before doing anything else, and skip when the claim finds the
// event already processed:
//
//	tx, err := pool.Begin(ctx)
//	if err != nil {
//		return err
//	}
//	defer tx.Rollback(ctx)
//	inserted, err := dedup.Claim(ctx, tx, event.ID, "billing-service")
//	if err != nil {
//		return err
//	}
//	if !inserted {
//		return nil // already processed: commit the offset, do nothing
//	}
//	// the side effect: rows of this database, an outbox row for anything
//	// outside it (outbox.Enqueue), never an HTTP call inside the transaction
//	return tx.Commit(ctx)
//
// The claim and the effect commit or roll back together: a crash before the
// commit leaves neither, and the redelivery does the work; a crash after it
// leaves both, and the redelivery is skipped. Two deliveries handled at the
// same time are serialised by the primary key: the second INSERT waits for
// the first transaction and then finds the row (or, if the first rolled
// back, inserts it).
//
// Claim uses INSERT ... ON CONFLICT DO NOTHING and reads the affected-row
// count (sqlc: a :execrows query). Do not add RETURNING to a DO NOTHING
// insert and scan it as :one: on a duplicate it returns no row, pgx reports
// ErrNoRows, and the handler fails on exactly the redelivery it should
// absorb. If a row is needed, use ClaimReturningQuery (ON CONFLICT DO UPDATE
// ... RETURNING (xmax = 0) AS inserted), as ClaimReturning does.
package dedup

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Schema creates the processed_event table, or adds the columns a table made
// by an earlier version lacks. It is idempotent. state is 'processed' (the
// effect was applied) or 'dead' (the event was set aside: ClaimDead), with
// the reason in cause.
const Schema = `CREATE TABLE IF NOT EXISTS processed_event (
	event_id     text        NOT NULL,
	consumer_id  text        NOT NULL,
	processed_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (event_id, consumer_id)
);
ALTER TABLE processed_event ADD COLUMN IF NOT EXISTS state text NOT NULL DEFAULT 'processed'
	CHECK (state IN ('processed', 'dead'));
ALTER TABLE processed_event ADD COLUMN IF NOT EXISTS cause text;
CREATE INDEX IF NOT EXISTS processed_event_processed_at ON processed_event (processed_at);`

// ClaimQuery is Claim's statement (sqlc: -- name: ClaimEvent :execrows).
const ClaimQuery = `INSERT INTO processed_event (event_id, consumer_id, processed_at)
VALUES ($1, $2, now())
ON CONFLICT (event_id, consumer_id) DO NOTHING`

// ClaimReturningQuery is ClaimReturning's statement (sqlc: :one). It always
// returns a row: inserted is true on the first claim and false on a repeat,
// because the updated row version's xmax holds the updating transaction.
const ClaimReturningQuery = `INSERT INTO processed_event (event_id, consumer_id, processed_at)
VALUES ($1, $2, now())
ON CONFLICT (event_id, consumer_id) DO UPDATE SET processed_at = processed_event.processed_at
RETURNING (xmax = 0) AS inserted`

// Claim records that consumerID handles eventID, inside tx. It reports
// whether the event was claimed now (true: do the work in tx) or had already
// been processed — or set aside as dead (ClaimDead) — by this consumer
// (false: skip it). The claim becomes permanent only when tx commits. An
// event ID that cannot be stored (CheckEventID) is an error wrapping
// ErrBadEventID.
func Claim(ctx context.Context, tx pgx.Tx, eventID, consumerID string) (inserted bool, err error) {
	if err := CheckEventID(eventID); err != nil {
		return false, err
	}
	if consumerID == "" {
		return false, fmt.Errorf("dedup: empty consumer ID for event %s", eventID)
	}
	tag, err := tx.Exec(ctx, ClaimQuery, eventID, consumerID)
	if err != nil {
		return false, fmt.Errorf("dedup: claim event %s for %s: %w", eventID, consumerID, err)
	}
	return tag.RowsAffected() == 1, nil
}

// ClaimReturning is Claim written with ON CONFLICT DO UPDATE ... RETURNING
// (xmax = 0): the same answer, from a statement that always returns a row.
// It rewrites the row on every repeat, so prefer Claim on hot tables.
func ClaimReturning(ctx context.Context, tx pgx.Tx, eventID, consumerID string) (inserted bool, err error) {
	if err := CheckEventID(eventID); err != nil {
		return false, err
	}
	if consumerID == "" {
		return false, fmt.Errorf("dedup: empty consumer ID for event %s", eventID)
	}
	if err := tx.QueryRow(ctx, ClaimReturningQuery, eventID, consumerID).Scan(&inserted); err != nil {
		return false, fmt.Errorf("dedup: claim event %s for %s: %w", eventID, consumerID, err)
	}
	return inserted, nil
}

// Execer is what Purge needs: a pool, a connection or a transaction.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// PurgeQuery deletes claims older than an interval given in seconds.
const PurgeQuery = `DELETE FROM processed_event WHERE processed_at < now() - make_interval(secs => $1)`

// Purge deletes claims older than olderThan, so the table does not grow
// forever. Keep olderThan well beyond the longest time an event can be
// redelivered (the topic's retention): a purged claim no longer stops a
// redelivery.
func Purge(ctx context.Context, db Execer, olderThan time.Duration) (deleted int64, err error) {
	tag, err := db.Exec(ctx, PurgeQuery, olderThan.Seconds())
	if err != nil {
		return 0, fmt.Errorf("dedup: purge: %w", err)
	}
	return tag.RowsAffected(), nil
}
