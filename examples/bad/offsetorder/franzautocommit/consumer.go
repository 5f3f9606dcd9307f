// Package franzautocommit builds a franz-go group consumer with the
// default autocommit: the client commits polled records on its own (on a
// timer, a rebalance, Close), so a record whose write failed or was cut by
// SIGTERM is committed anyway.
package franzautocommit

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"

	"github.com/twmb/franz-go/pkg/kgo"
)

type Consumer struct {
	cl *kgo.Client
	db *sql.DB
}

func New(brokers []string, db *sql.DB) (*Consumer, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup("billing"),
		kgo.ConsumeTopics("orders"),
	)
	if err != nil {
		return nil, err
	}
	return &Consumer{cl: cl, db: db}, nil
}

func (c *Consumer) Run(ctx context.Context) error {
	for {
		fetches := c.cl.PollFetches(ctx) // want: offsetorder
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return ctx.Err()
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if _, err := c.db.ExecContext(ctx, `INSERT INTO invoices (order_id) VALUES ($1)`, r.Key); err != nil && !errors.Is(err, context.Canceled) {
				slog.Error("invoice", "error", err)
			}
		})
	}
}
