// Package inboxclaim claims each message's event ID in the same
// transaction as the work and commits the offset after that transaction:
// a failed or cut unit rolls the claim back and the redelivery replays it.
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

func (c *Consumer) handle(ctx context.Context, m kafka.Message) error {
	tx, err := c.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	tag, err := tx.Exec(ctx, `INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil // a duplicate: already applied
	}
	if _, err := tx.Exec(ctx, `UPDATE accounts SET balance = balance + 10 WHERE id = $1`, string(m.Key)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.handle(ctx, m); err != nil {
			return err
		}
		if err := c.Reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
