package consumer

import (
	"context"
	"errors"
	"fmt"

	"github.com/idemlint/idemlint/idem/ctxutil"
	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/idemlint/idemlint/idem/key"
	"github.com/segmentio/kafka-go"
)

// check refuses a Consumer that cannot work as documented.
func (c *Consumer) check() error {
	switch {
	case c.Reader == nil || c.DB == nil || c.ConsumerID == "" || c.Handler == nil:
		return errors.New("consumer: Reader, DB, ConsumerID and Handler are required")
	case c.Reader.Config().GroupID == "":
		return errors.New("consumer: the Reader has no GroupID, so offsets cannot be committed after the transaction; set ReaderConfig.GroupID")
	case c.MaxAttempts > 0 && c.DeadLetter == nil:
		return errors.New("consumer: MaxAttempts needs a DeadLetter")
	}
	return nil
}

// Run handles messages until ctx is done (it then returns nil) or a message
// cannot be handled (it returns the error). See the package doc.
func (c *Consumer) Run(ctx context.Context) error {
	if err := c.check(); err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			// Checked first: FetchMessage may return a buffered message even
			// on a cancelled context.
			return nil
		default:
		}
		msg, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil // shutdown between messages
			}
			return fmt.Errorf("consumer: fetch: %w", err)
		}
		if err := c.step(stepFetched, msg); err != nil {
			return err
		}
		done, err := c.process(ctx, msg)
		if err != nil || !done {
			return err
		}
	}
}

// process handles msg, retrying, then commits its offset. It reports false
// if ctx ended before the message could be handled (it will come again).
func (c *Consumer) process(ctx context.Context, msg kafka.Message) (bool, error) {
	id := c.eventID(msg)
	claimID := id
	var cause error // the message's own last failure
	counted := 0    // failures that were the message's own
	unclaimable := false
	if err := dedup.CheckEventID(id); err != nil {
		cause, unclaimable = fmt.Errorf("consumer: the message cannot be claimed: %w", err), true
		claimID = "unusable-event-id:" + key.Hashed(id)
	}
	for retry := 0; ; retry++ {
		deadNow := unclaimable || c.MaxAttempts > 0 && counted >= c.MaxAttempts
		if deadNow && c.DeadLetter == nil {
			return false, fmt.Errorf("consumer: message %s/%d@%d: %w (set MaxAttempts and DeadLetter to set such messages aside)",
				msg.Topic, msg.Partition, msg.Offset, cause)
		}
		var err error
		if deadNow {
			err = c.deadLetter(ctx, msg, claimID, cause)
		} else {
			err = c.attempt(ctx, msg, id)
		}
		if err == nil {
			break
		}
		var stop stopError
		if errors.As(err, &stop) {
			return false, stop.err
		}
		var fault messageFault
		if errors.As(err, &fault) {
			cause = fault.err
			counted++
			unclaimable = unclaimable || fault.unclaimable
		}
		c.logger().WarnContext(ctx, "consumer: handling failed; retrying the same message",
			"event_id", id, "topic", msg.Topic, "partition", msg.Partition, "offset", msg.Offset,
			"attempt", retry+1, "counted", counted, "error", err)
		if fault.err != nil && (unclaimable || c.MaxAttempts > 0 && counted >= c.MaxAttempts) {
			continue // to the dead letter at once
		}
		if !wait(ctx, c.backoff(retry)) {
			return false, nil // shutdown: not committed, redelivered later
		}
	}
	commitCtx, cancel := ctxutil.Detached(ctx, c.handleTimeout())
	defer cancel()
	if err := c.Reader.CommitMessages(commitCtx, msg); err != nil {
		// The transaction has committed: a redelivery is skipped by the
		// claim. Carry on; a later commit covers this offset.
		c.logger().WarnContext(ctx, "consumer: offset commit failed; the message will be redelivered and skipped",
			"event_id", id, "offset", msg.Offset, "error", err)
	}
	return true, nil
}
