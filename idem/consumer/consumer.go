package consumer

import (
	"context"
	"log/slog"
	"strconv"
	"time"

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

// DeadLetterFunc handles a message set aside, inside a transaction in which
// the event is claimed as dead (dedup.ClaimDead; typically: enqueue it to a
// dead-letter topic with outbox.Enqueue). cause is never nil: the handler's
// last error after MaxAttempts, or why the message cannot be claimed (an
// unusable event ID, dedup.ErrBadEventID).
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

	// MaxAttempts is how many times the message's own failures (handler
	// errors, see the package doc) are tried before DeadLetter; 0: retry
	// until ctx is done. Database and network failures never count.
	MaxAttempts int
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
