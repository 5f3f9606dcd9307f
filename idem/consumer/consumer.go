package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/idemlint/idemlint/idem/ctxutil"
	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/idemlint/idemlint/idem/key"
	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"
)

// HeaderEventID is the header the default EventID reads (outbox sets it).
const HeaderEventID = "event-id"

// Handler applies one message's effects inside tx. It must not commit or
// roll back tx, and must not call other services: write an outbox row for
// that instead. ctx is the attempt's context: not cancelled by the
// shutdown, expiring after HandleTimeout.
type Handler func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error

// DeadLetterFunc handles a message that failed MaxAttempts times, inside a
// transaction in which the event is claimed (typically: enqueue it to a
// dead-letter topic with outbox.Enqueue). cause is the last handler error.
type DeadLetterFunc func(ctx context.Context, tx pgx.Tx, msg kafka.Message, cause error) error

// DB is what the consumer needs of the database: *pgxpool.Pool.
type DB interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// Consumer handles the messages of a kafka-go Reader. Set Reader (with a
// GroupID), DB, ConsumerID and Handler; the other fields have defaults.
type Consumer struct {
	Reader     *kafka.Reader
	DB         DB
	ConsumerID string // the dedup namespace, e.g. the service name
	Handler    Handler

	// EventID names the event a message carries. Default: the "event-id"
	// header, or else topic:partition:offset (which identifies a
	// redelivery, but not a second publish of the same event).
	EventID func(kafka.Message) string

	HandleTimeout time.Duration // limit of one attempt (transaction and offset commit); default 10s
	RetryBackoff  time.Duration // first wait after a failed attempt, doubling up to 30s; default 200ms

	MaxAttempts int            // 0: retry until ctx is done
	DeadLetter  DeadLetterFunc // required when MaxAttempts > 0

	Logger *slog.Logger // default slog.Default()

	// hook, if set (tests), is called after each step; an error stops Run
	// there, as if the process had died.
	hook func(step string, msg kafka.Message) error
}

// Steps of one message, for tests that cut the work at each of them.
const (
	stepFetched = "fetched" // FetchMessage returned
	stepClaimed = "claimed" // dedup claim made, effect not yet
	stepHandled = "handled" // handler returned, transaction open
	stepTxDone  = "tx-done" // transaction committed, offset not
	// A cut after the offset commit is a cut before the next fetch.
)

// DefaultEventID is the default Consumer.EventID.
func DefaultEventID(msg kafka.Message) string {
	for _, h := range msg.Headers {
		if h.Key == HeaderEventID && len(h.Value) > 0 {
			return string(h.Value)
		}
	}
	return key.For(msg.Topic, strconv.Itoa(msg.Partition), strconv.FormatInt(msg.Offset, 10))
}

func (c *Consumer) eventID(msg kafka.Message) string {
	if c.EventID != nil {
		return c.EventID(msg)
	}
	return DefaultEventID(msg)
}

func (c *Consumer) handleTimeout() time.Duration {
	if c.HandleTimeout > 0 {
		return c.HandleTimeout
	}
	return 10 * time.Second
}

func (c *Consumer) backoff(attempt int) time.Duration {
	d := c.RetryBackoff
	if d <= 0 {
		d = 200 * time.Millisecond
	}
	for range min(attempt, 20) {
		d *= 2
	}
	return min(d, 30*time.Second)
}

func (c *Consumer) logger() *slog.Logger {
	if c.Logger != nil {
		return c.Logger
	}
	return slog.Default()
}

func (c *Consumer) step(name string, msg kafka.Message) error {
	if c.hook == nil {
		return nil
	}
	return c.hook(name, msg)
}

// Run handles messages until ctx is done (it then returns nil) or a message
// cannot be handled (it returns the error). See the package doc.
func (c *Consumer) Run(ctx context.Context) error {
	if c.Reader == nil || c.DB == nil || c.ConsumerID == "" || c.Handler == nil {
		return errors.New("consumer: Reader, DB, ConsumerID and Handler are required")
	}
	if c.MaxAttempts > 0 && c.DeadLetter == nil {
		return errors.New("consumer: MaxAttempts needs a DeadLetter")
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
	var lastErr error
	for attempt := 1; ; attempt++ {
		var err error
		if c.MaxAttempts > 0 && attempt > c.MaxAttempts {
			err = c.deadLetter(ctx, msg, id, lastErr)
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
		var he handlerError
		if errors.As(err, &he) {
			lastErr = he.err
		}
		c.logger().WarnContext(ctx, "consumer: handling failed; retrying the same message",
			"event_id", id, "topic", msg.Topic, "partition", msg.Partition, "offset", msg.Offset,
			"attempt", attempt, "error", err)
		if c.MaxAttempts > 0 && attempt == c.MaxAttempts {
			continue // to the dead letter at once
		}
		if !wait(ctx, c.backoff(attempt-1)) {
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

// stopError stops Run at once (a test's simulated crash).
type stopError struct{ err error }

func (s stopError) Error() string { return s.err.Error() }

// handlerError is a failure of the Handler itself.
type handlerError struct{ err error }

func (h handlerError) Error() string { return "consumer: handler: " + h.err.Error() }

// attempt runs one transaction for msg: claim, handler (or dead letter),
// commit.
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
		return err
	}
	if !inserted {
		c.logger().DebugContext(ctx, "consumer: duplicate skipped", "event_id", id, "offset", msg.Offset)
		return nil // already processed: only the offset is left to commit
	}
	if err := c.step(stepClaimed, msg); err != nil {
		return stopError{err}
	}
	if err := c.Handler(ctx, tx, msg); err != nil {
		return handlerError{err}
	}
	if err := c.step(stepHandled, msg); err != nil {
		return stopError{err}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("consumer: commit: %w", err)
	}
	if err := c.step(stepTxDone, msg); err != nil {
		return stopError{err}
	}
	return nil
}

// deadLetter claims msg and hands it to DeadLetter in a transaction of its
// own (the handler's was rolled back).
func (c *Consumer) deadLetter(parent context.Context, msg kafka.Message, id string, cause error) error {
	ctx, cancel := ctxutil.Detached(parent, c.handleTimeout())
	defer cancel()
	tx, err := c.DB.Begin(ctx)
	if err != nil {
		return fmt.Errorf("consumer: begin dead letter: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit
	inserted, err := dedup.Claim(ctx, tx, id, c.ConsumerID)
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
	c.logger().WarnContext(ctx, "consumer: message dead-lettered", "event_id", id, "offset", msg.Offset, "error", cause)
	return nil
}

func wait(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
