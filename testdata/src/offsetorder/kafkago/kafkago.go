// Package kafkago holds kafka-go consumers: commits before and after the work.
package kafkago

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

type Event struct {
	ID      string
	OrderID string
}

type Consumer struct {
	r  *kafka.Reader
	db *sql.DB
}

// save writes the event in one transaction.
func (c *Consumer) save(ctx context.Context, ev Event) error { // want save:"durableWork\\(\\(\\*sql.DB\\).ExecContext\\)"
	_, err := c.db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", ev.ID)
	return err
}

// commit is a helper: a call of it is a commit.
func (c *Consumer) commit(ctx context.Context, m kafka.Message) error { // want commit:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)"
	return c.r.CommitMessages(ctx, m)
}

// Bad: the seed's "resolveOffset before processEvent", in kafka-go.
func (c *Consumer) CommitFirst(ctx context.Context) error { // want CommitFirst:"commitsOffset" CommitFirst:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev Event
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil { // want `offset committed by \(\*kafka.Reader\).CommitMessages before \(\*Consumer\).save → \(\*sql.DB\).ExecContext \(kafkago.go:47\) handles the message`
			return err
		}
		if err := c.save(ctx, ev); err != nil {
			return err
		}
	}
}

// Bad: the commit goes through a helper.
func (c *Consumer) HelperFirst(ctx context.Context) error { // want HelperFirst:"commitsOffset" HelperFirst:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		c.commit(ctx, m) // want `offset committed by \(\*Consumer\).commit → \(\*kafka.Reader\).CommitMessages before \(\*Consumer\).save`
		c.save(ctx, Event{ID: string(m.Key)})
	}
}

// Bad: a method value.
func (c *Consumer) MethodValue(ctx context.Context) error { // want MethodValue:"commitsOffset" MethodValue:"durableWork"
	commit := c.r.CommitMessages
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		commit(ctx, m) // want `offset committed by \(\*kafka.Reader\).CommitMessages before`
		c.save(ctx, Event{ID: string(m.Key)})
	}
}

// Bad: only one branch of the switch commits early.
func (c *Consumer) SwitchEarly(ctx context.Context) error { // want SwitchEarly:"commitsOffset" SwitchEarly:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		switch m.Topic {
		case "fast":
			c.r.CommitMessages(ctx, m) // want `offset committed by .* before \(\*Consumer\).save`
		default:
		}
		if err := c.save(ctx, Event{ID: string(m.Key)}); err != nil {
			return err
		}
		c.r.CommitMessages(ctx, m)
	}
}

// Good: commit after the handler returned nil.
func (c *Consumer) CommitAfter(ctx context.Context) error { // want CommitAfter:"commitsOffset" CommitAfter:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev Event
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			c.r.CommitMessages(ctx, m) // poison message: skipped
			continue
		}
		if err := c.save(ctx, ev); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: a duplicate is detected and skipped.
func (c *Consumer) SkipDuplicate(ctx context.Context, seen map[string]bool) error { // want SkipDuplicate:"commitsOffset" SkipDuplicate:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if seen[string(m.Key)] {
			c.commit(ctx, m)
			continue
		}
		if err := c.save(ctx, Event{ID: string(m.Key)}); err != nil {
			return err
		}
		c.commit(ctx, m)
	}
}

// Good: the commit is deferred.
func (c *Consumer) Deferred(ctx context.Context, m kafka.Message) error { // want Deferred:"commitsOffset" Deferred:"durableWork"
	defer c.r.CommitMessages(ctx, m)
	return c.save(ctx, Event{ID: string(m.Key)})
}
