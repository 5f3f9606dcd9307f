package consumer

import (
	"context"
	"errors"
	"fmt"
	"net"

	"github.com/idemlint/idemlint/idem/ctxutil"
	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/segmentio/kafka-go"
)

// stopError stops Run at once (a test's simulated crash).
type stopError struct{ err error }

func (s stopError) Error() string { return s.err.Error() }

// messageFault is a failure that is the message's own, counted against
// MaxAttempts: the handler's error, a commit refused for the data, or a
// claim that can never succeed (unclaimable: dead-lettered at once).
type messageFault struct {
	where       string // "handler", "commit", "claim"
	err         error  // the cause handed to DeadLetter
	unclaimable bool
}

func (m messageFault) Error() string { return "consumer: " + m.where + ": " + m.err.Error() }

// passing reports whether err is the database's or the network's, not the
// message's (retried without counting): a lost connection, a serialization failure or deadlock, a
// server shutting down or out of resources, a lock timeout.
func passing(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false // the attempt ran out of HandleTimeout: counted
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code[:2] {
		case "08", "40", "53", "57", "58":
			return true
		}
		return pgErr.Code == "55P03" || pgErr.Code == "55006"
	}
	var connErr *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connErr) || errors.As(err, &netErr) || pgconn.SafeToRetry(err)
}

// dataError reports whether the database refused err's statement for the
// values in it (data exception, integrity violation, a value too large
// for an index): the same values fail every time.
func dataError(err error) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return false
	}
	switch pgErr.Code[:2] {
	case "22", "23", "54":
		return true
	}
	return false
}

// attempt runs one transaction for msg: claim, handler, commit.
func (c *Consumer) attempt(parent context.Context, msg kafka.Message, id string) error {
	ctx, cancel := ctxutil.Detached(parent, c.handleTimeout())
	defer cancel()
	tx, err := c.DB.Begin(ctx)
	if err != nil {
		return fmt.Errorf("consumer: begin: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit

	inserted, err := dedup.Claim(ctx, tx, id, c.ConsumerID)
	if err != nil {
		if dataError(err) || errors.Is(err, dedup.ErrBadEventID) {
			return messageFault{where: "claim", err: fmt.Errorf("the message cannot be claimed: %w", err), unclaimable: true}
		}
		return err
	}
	if !inserted {
		c.logger().DebugContext(ctx, "consumer: duplicate (or dead) event skipped", "event_id", id, "offset", msg.Offset)
		return nil // already processed or set aside: only the offset is left to commit
	}
	if err := c.step(stepClaimed, msg); err != nil {
		return stopError{err}
	}
	if err := c.Handler(ctx, tx, msg); err != nil {
		if passing(err) {
			return fmt.Errorf("consumer: handler (database or network): %w", err)
		}
		return messageFault{where: "handler", err: err}
	}
	if err := c.step(stepHandled, msg); err != nil {
		return stopError{err}
	}
	if err := tx.Commit(ctx); err != nil {
		if dataError(err) {
			return messageFault{where: "commit", err: err}
		}
		return fmt.Errorf("consumer: commit: %w", err)
	}
	if err := c.step(stepTxDone, msg); err != nil {
		return stopError{err}
	}
	return nil
}

// deadLetter claims msg as dead under claimID and hands it to DeadLetter in
// a transaction of its own (the handler's was rolled back). A redelivery of
// a message already set aside finds the claim and does nothing.
func (c *Consumer) deadLetter(parent context.Context, msg kafka.Message, claimID string, cause error) error {
	ctx, cancel := ctxutil.Detached(parent, c.handleTimeout())
	defer cancel()
	tx, err := c.DB.Begin(ctx)
	if err != nil {
		return fmt.Errorf("consumer: begin dead letter: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit
	inserted, err := dedup.ClaimDead(ctx, tx, claimID, c.ConsumerID, cause.Error())
	if err != nil {
		return err
	}
	if inserted {
		if err := c.DeadLetter(ctx, tx, msg, cause); err != nil {
			return fmt.Errorf("consumer: dead letter: %w", err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("consumer: commit dead letter: %w", err)
	}
	c.logger().WarnContext(ctx, "consumer: message dead-lettered", "event_id", claimID, "offset", msg.Offset, "error", cause)
	return nil
}
