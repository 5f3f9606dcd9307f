package direct

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Consumer struct {
	pool *pgxpool.Pool
	http *http.Client
}

func (c *Consumer) Handle(ctx context.Context, req *http.Request) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		c.http.Do(req) // the begin failed: no transaction is open
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO processed_event (id) VALUES ($1)", "e1"); err != nil {
		return err
	}
	resp, err := c.http.Do(req) // want `HTTP call \(\*http\.Client\)\.Do inside the transaction begun at direct\.go:16; the transaction stays open for the whole call and its retries: write an outbox row carrying the idempotency key and call the provider from a separate worker`
	if err != nil {
		return err
	}
	resp.Body.Close()
	return tx.Commit(ctx)
}

// AfterCommit calls once the transaction is committed on every path.
func (c *Consumer) AfterCommit(ctx context.Context, url string) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO outbox (key) VALUES ($1)", "k"); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, err = http.Post(url, "application/json", nil)
	return err
}

// MaybeCommitted commits on one path only.
func (c *Consumer) MaybeCommitted(ctx context.Context, url string, early bool) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, _ = tx.Exec(ctx, "UPDATE account SET seen = true") // the transaction writes
	if early {
		if err := tx.Commit(ctx); err != nil {
			return err
		}
	}
	_, err = http.Get(url) // want `HTTP call http\.Get inside the transaction begun at direct\.go:52`
	return err
}

// Goroutine calls in a goroutine that does not use the transaction.
func (c *Consumer) Goroutine(ctx context.Context, url string) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	go func() { http.Get(url) }()
	go http.Get(url)
	return tx.Commit(ctx)
}

// Retried calls inside a retry closure: still inside the transaction.
func (c *Consumer) Retried(ctx context.Context, url string) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, _ = tx.Exec(ctx, "UPDATE account SET seen = true") // the transaction writes
	if err := retry(func() error {
		_, err := http.Get(url) // want `HTTP call http\.Get inside the transaction begun at direct\.go:81`
		return err
	}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func retry(f func() error) error { return f() }

// Ignored is suppressed with a reason.
func (c *Consumer) Ignored(ctx context.Context, url string) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, _ = tx.Exec(ctx, "UPDATE account SET seen = true") // the transaction writes
	//idemlint:ignore httpintx the endpoint is a local sidecar answering in microseconds
	http.Get(url)
	return tx.Commit(ctx)
}
