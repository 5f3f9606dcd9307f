package dedup

import (
	"context"
	"errors"
	"fmt"
	"unicode/utf8"
)

// MaxEventIDLen is the longest event ID Claim accepts, in bytes: longer
// IDs do not fit a btree index entry once the consumer ID is added.
const MaxEventIDLen = 1024

// ErrBadEventID: the event ID cannot be claimed (empty, too long, not
// UTF-8, or holding NUL). Such a message is the message's own fault: every
// attempt fails the same way.
var ErrBadEventID = errors.New("dedup: unusable event ID")

// CheckEventID reports why eventID cannot be claimed, wrapping
// ErrBadEventID, or nil.
func CheckEventID(eventID string) error {
	switch {
	case eventID == "":
		return fmt.Errorf("%w: empty", ErrBadEventID)
	case len(eventID) > MaxEventIDLen:
		return fmt.Errorf("%w: %d bytes, longer than %d", ErrBadEventID, len(eventID), MaxEventIDLen)
	case !utf8.ValidString(eventID):
		return fmt.Errorf("%w: not valid UTF-8", ErrBadEventID)
	}
	for i := 0; i < len(eventID); i++ {
		if eventID[i] == 0 {
			return fmt.Errorf("%w: holds a NUL byte", ErrBadEventID)
		}
	}
	return nil
}

// ClaimDeadQuery is ClaimDead's statement.
const ClaimDeadQuery = `INSERT INTO processed_event (event_id, consumer_id, processed_at, state, cause)
VALUES ($1, $2, now(), 'dead', $3)
ON CONFLICT (event_id, consumer_id) DO NOTHING`

// ClaimDead records, inside tx, that consumerID set eventID aside (a dead
// letter) because of cause. Like Claim, it reports whether the row was made
// now; a redelivery of the event then finds the row and is skipped (Claim
// reports false for a dead event too) until Release frees it.
func ClaimDead(ctx context.Context, tx Execer, eventID, consumerID, cause string) (inserted bool, err error) {
	if eventID == "" || consumerID == "" {
		return false, fmt.Errorf("dedup: empty event ID %q or consumer ID %q", eventID, consumerID)
	}
	tag, err := tx.Exec(ctx, ClaimDeadQuery, eventID, consumerID, cause)
	if err != nil {
		return false, fmt.Errorf("dedup: claim dead event %s for %s: %w", eventID, consumerID, err)
	}
	return tag.RowsAffected() == 1, nil
}

// ReleaseQuery deletes dead claims; processed ones stay.
const ReleaseQuery = `DELETE FROM processed_event
WHERE consumer_id = $1 AND event_id = ANY($2) AND state = 'dead'`

// Release frees dead events of consumerID so that their next delivery is
// handled: the replay path after the cause of the dead letter is fixed.
// It never frees a processed event. It returns how many it freed.
//
// To replay: fix the handler; list the dead events (SELECT event_id, cause
// FROM processed_event WHERE consumer_id = $1 AND state = 'dead'); Release
// them; deliver them again — publish the dead-letter topic's copies back to
// the source topic, or run a consumer with the same consumer ID over the
// dead-letter topic.
func Release(ctx context.Context, db Execer, consumerID string, eventIDs ...string) (int64, error) {
	tag, err := db.Exec(ctx, ReleaseQuery, consumerID, eventIDs)
	if err != nil {
		return 0, fmt.Errorf("dedup: release dead events of %s: %w", consumerID, err)
	}
	return tag.RowsAffected(), nil
}
