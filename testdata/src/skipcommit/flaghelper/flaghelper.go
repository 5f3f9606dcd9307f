// Package flaghelper holds kafka-go consumers that dead-letter a failed
// message through a helper reporting its success by a bool.
package flaghelper

import (
	"context"
	"database/sql"
	"log"

	"github.com/segmentio/kafka-go"
)

type handler interface {
	Handle(ctx context.Context, payload []byte) error
}

type consumer struct {
	r   *kafka.Reader
	dlq *kafka.Writer
	db  *sql.DB
	h   handler
}

// deadLetter reports whether the dead letter was written.
func (c *consumer) deadLetter(ctx context.Context, m kafka.Message) bool { // want deadLetter:`durableWork\(\(\*kafka\.Writer\)\.WriteMessages\)`
	if err := c.dlq.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value}); err != nil {
		log.Printf("dead letter: %v", err)
		return false
	}
	return true
}

// Bad: the dead letter failed and the loop moves on "to retry later": the
// next commit passes the message, neither handled nor parked.
func (c *consumer) moveOn(ctx context.Context) { // want moveOn:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` moveOn:`durableWork\(handler\.Handle\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.h.Handle(ctx, m.Value); err != nil {
			if !c.deadLetter(ctx, m) {
				continue // want `\(\*consumer\).deadLetter fails \(flaghelper.go:42\) and the loop moves on: \(\*kafka.Reader\).CommitMessages \(flaghelper.go:46\) commits past the failed message`
			}
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// Good: the dead letter failed and the consumer stops (the group
// redelivers the message after restart); written, it is committed.
func (c *consumer) stop(ctx context.Context) error { // want stop:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` stop:`durableWork\(handler\.Handle\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.h.Handle(ctx, m.Value); err != nil {
			if ok := c.deadLetter(ctx, m); !ok {
				return err
			}
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// processed reports whether the message's key is recorded as done; false
// also when the lookup fails (the message is then handled again).
func (c *consumer) processed(ctx context.Context, m kafka.Message) bool { // want processed:`durableWork\(\(\*sql\.DB\)\.QueryRowContext\)`
	var n int
	if err := c.db.QueryRowContext(ctx, `SELECT count(*) FROM processed WHERE key = $1`, m.Key).Scan(&n); err != nil {
		return false
	}
	if n > 0 {
		return true
	}
	return false
}

// locked reports whether this consumer took the message's lock; false when
// another one holds it, and when the lock store fails.
func (c *consumer) locked(ctx context.Context, m kafka.Message) bool { // want locked:`durableWork\(\(\*sql\.DB\)\.QueryRowContext\)`
	var ok bool
	if err := c.db.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(hashtext($1))`, string(m.Key)).Scan(&ok); err != nil {
		return false
	}
	return ok
}

// Good: another consumer holds the message (or the lock store failed, and
// the message is left to the holder's retry): the flag tells more than the
// success of the work, so its false side is not a failure.
func (c *consumer) skipLocked(ctx context.Context) error { // want skipLocked:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` skipLocked:`durableWork\(\(\*consumer\)\.locked → \(\*sql\.DB\)\.QueryRowContext\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !c.locked(ctx, m) {
			continue
		}
		if err := c.h.Handle(ctx, m.Value); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: the false side of a lookup flag handles the message, and its
// failure stops the consumer.
func (c *consumer) lookup(ctx context.Context) error { // want lookup:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` lookup:`durableWork\(\(\*consumer\)\.processed → \(\*sql\.DB\)\.QueryRowContext\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !c.processed(ctx, m) {
			if err := c.h.Handle(ctx, m.Value); err != nil {
				return err
			}
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
