// Package reader consumes through the project's own Reader interface,
// which *kafka.Reader implements (the reader is injected by main).
package reader

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

// Reader is the part of *kafka.Reader the consumer uses.
type Reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
}

type Consumer struct {
	r  Reader
	db *sql.DB
}

func (c *Consumer) save(ctx context.Context, m kafka.Message) error { // want save:"durableWork"
	_, err := c.db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", string(m.Key))
	return err
}

// CommitFirst commits before the work.
func (c *Consumer) CommitFirst(ctx context.Context) error { // want CommitFirst:"commitsOffset" CommitFirst:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil { // want `offset committed by \(\*kafka.Reader\).CommitMessages before \(\*Consumer\).save`
			return err
		}
		if err := c.save(ctx, m); err != nil {
			return err
		}
	}
}

// CommitAfter commits after the work.
func (c *Consumer) CommitAfter(ctx context.Context) error { // want CommitAfter:"commitsOffset" CommitAfter:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.save(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
