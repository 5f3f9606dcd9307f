// Package consumer writes and publishes while handling a message and
// commits its offset only after both: a crash in between redelivers it.
package consumer

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	r    *kafka.Reader
	w    *kafka.Writer
	pool *pgxpool.Pool
}

func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := c.pool.Exec(ctx, `INSERT INTO reservations (order_id) VALUES ($1) ON CONFLICT (order_id) DO UPDATE SET updated_at = now()`, m.Key); err != nil {
			return err
		}
		if err := c.w.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: []byte("reserved")}); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
