// Package consumer is the seed's order consumer with the correct forms of
// ON CONFLICT dedup.
package consumer

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemlint/idemlint/examples/good/onconflict/consumer/db"
)

// OrderConsumer handles OrderConfirmed events.
type OrderConsumer struct {
	pool    *pgxpool.Pool
	queries *db.Queries
}

// OrderConfirmed is the event.
type OrderConfirmed struct {
	EventID string
	OrderID string
	Amount  int64
}

// Handle uses DO UPDATE ... RETURNING (xmax = 0) AS inserted: a row comes
// back either way, and inserted says whether this delivery is the first.
func (c *OrderConsumer) Handle(ctx context.Context, ev OrderConfirmed) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback(ctx)

	q := c.queries.WithTx(tx)
	inserted, err := q.InsertProcessedEvent(ctx, db.InsertProcessedEventParams{EventID: ev.EventID, ConsumerID: "billing"})
	if err != nil {
		return fmt.Errorf("insert processed event: %w", err)
	}
	if !inserted {
		return nil // redelivery: already processed
	}
	if err := q.CreateChargeRequest(ctx, db.CreateChargeRequestParams{
		OrderID:        ev.OrderID,
		Amount:         ev.Amount,
		IdempotencyKey: ev.OrderID + ":charge",
	}); err != nil {
		return fmt.Errorf("create charge request: %w", err)
	}
	return tx.Commit(ctx)
}

// HandleExecrows uses DO NOTHING declared :execrows and checks the count.
func (c *OrderConsumer) HandleExecrows(ctx context.Context, ev OrderConfirmed) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)

	q := c.queries.WithTx(tx)
	n, err := q.MarkProcessed(ctx, db.MarkProcessedParams{EventID: ev.EventID, ConsumerID: "billing"})
	if err != nil {
		return err
	}
	if n == 0 {
		return nil // duplicate
	}
	if err := q.CreateChargeRequest(ctx, db.CreateChargeRequestParams{OrderID: ev.OrderID, Amount: ev.Amount, IdempotencyKey: ev.OrderID + ":charge"}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

const claimKey = `INSERT INTO idempotency_key (key, request_hash, started_at)
VALUES ($1, $2, now())
ON CONFLICT (key) DO NOTHING
RETURNING id`

// Claim is the "claim this key" idiom: no row means another request holds
// the key, which the caller answers with the stored response or a 409.
func (c *OrderConsumer) Claim(ctx context.Context, key, requestHash string) (id int64, claimed bool, err error) {
	err = c.pool.QueryRow(ctx, claimKey, key, requestHash).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("claim %s: %w", key, err)
	}
	return id, true, nil
}

// HandlePayment dedups with DO NOTHING and returns early on a duplicate.
func (c *OrderConsumer) HandlePayment(ctx context.Context, ev OrderConfirmed) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'payments') ON CONFLICT DO NOTHING`, ev.EventID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil // duplicate: already debited
	}
	if _, err := tx.Exec(ctx, `UPDATE account SET balance = balance - $2 WHERE order_id = $1`, ev.OrderID, ev.Amount); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Touch is a plain idempotent insert: nothing is written after it.
func (c *OrderConsumer) Touch(ctx context.Context, eventID string) error {
	_, err := c.pool.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'audit') ON CONFLICT DO NOTHING`, eventID)
	return err
}
