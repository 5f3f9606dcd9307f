// Package kafkago handles a failed order without losing it: retry until it
// succeeds, or park it in a dead-letter topic whose write is checked.
package kafkago

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	Reader     *kafka.Reader
	DeadLetter *kafka.Writer
	DB         *sql.DB
}

func (c *Consumer) invoice(ctx context.Context, msg kafka.Message) error {
	_, err := c.DB.ExecContext(ctx, `INSERT INTO invoices (order_id) VALUES ($1) ON CONFLICT DO NOTHING`, string(msg.Key))
	return err
}

// RunRetrying retries the same message until it succeeds.
func (c *Consumer) RunRetrying(ctx context.Context) error {
	for {
		msg, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		for {
			err := c.invoice(ctx, msg)
			if err == nil {
				break
			}
			slog.Error("invoice failed, retrying", "error", err)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
		}
		if err := c.Reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

// RunDeadLetter parks a failed message in a dead-letter topic, checked,
// before committing past it.
func (c *Consumer) RunDeadLetter(ctx context.Context) error {
	for {
		msg, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.invoice(ctx, msg); err != nil {
			dead := kafka.Message{Key: msg.Key, Value: msg.Value, Headers: []kafka.Header{{Key: "error", Value: []byte(err.Error())}}}
			if err := c.DeadLetter.WriteMessages(ctx, dead); err != nil {
				return err // neither handled nor parked: stop, the group redelivers it
			}
		}
		if err := c.Reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
