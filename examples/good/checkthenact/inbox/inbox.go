// Package inbox checks the message ID and inserts it later, but the
// inbox_message primary key (schema.sql) makes the insert a claim and all
// the work the check guards is in the same transaction: the loser of a
// race fails at the insert and rolls everything back.
package inbox

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Consumer struct{ Pool *pgxpool.Pool }

func (c *Consumer) Handle(ctx context.Context, messageID string, amount int64) error {
	tx, err := c.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	var seen bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM inbox_message WHERE message_id = $1)`, messageID).Scan(&seen); err != nil || seen {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE wallet SET balance = balance + $1 WHERE id = 1`, amount); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO inbox_message (message_id) VALUES ($1)`, messageID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
