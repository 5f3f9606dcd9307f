package custom

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Client is an in-house RPC client named with -network-calls.
type Client struct{}

func (c *Client) Send(ctx context.Context, msg string) error { return nil }

func Handle(ctx context.Context, pool *pgxpool.Pool, c *Client) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, _ = tx.Exec(ctx, "UPDATE account SET seen = true") // the transaction writes
	if err := c.Send(ctx, "hello"); err != nil {          // want `network call \(\*custom\.Client\)\.Send inside the transaction begun at custom\.go:15`
		return err
	}
	return tx.Commit(ctx)
}
