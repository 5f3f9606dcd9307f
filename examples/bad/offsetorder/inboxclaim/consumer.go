// Package inboxclaim claims each message's event ID in an inbox table on
// the pool (auto-committed), then applies the event in a separate
// statement. When the apply fails or SIGTERM cuts it, the claim stays and
// the redelivery is skipped as a duplicate: the event is lost.
package inboxclaim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	Pool   *pgxpool.Pool
	Reader *kafka.Reader
}

func (c *Consumer) claim(ctx context.Context, m kafka.Message) (bool, error) {
	tag, err := c.Pool.Exec(ctx, `INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key))
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (c *Consumer) apply(ctx context.Context, m kafka.Message) error {
	_, err := c.Pool.Exec(ctx, `UPDATE accounts SET balance = balance + 10 WHERE id = $1`, string(m.Key))
	return err
}

func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		fresh, err := c.claim(ctx, m) // want: offsetorder
		if err != nil {
			return err
		}
		if fresh {
			if err := c.apply(ctx, m); err != nil {
				return err
			}
		}
		if err := c.Reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
