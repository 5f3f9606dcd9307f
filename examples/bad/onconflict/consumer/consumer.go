// Package consumer is the seed's order consumer with the three ways ON
// CONFLICT DO NOTHING goes wrong.
package consumer

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemlint/idemlint/examples/bad/onconflict/consumer/db"
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

// Handle records the event and orders the charge. InsertProcessedEvent is
// :one with DO NOTHING RETURNING: on the redelivery it returns
// pgx.ErrNoRows, and the handler fails on that message forever.
func (c *OrderConsumer) Handle(ctx context.Context, ev OrderConfirmed) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback(ctx)

	q := c.queries.WithTx(tx)
	if _, err := q.InsertProcessedEvent(ctx, db.InsertProcessedEventParams{ // want: onconflict
		EventID:    ev.EventID,
		ConsumerID: "billing",
	}); err != nil {
		return fmt.Errorf("insert processed event: %w", err)
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

const claimKey = `INSERT INTO idempotency_key (key, request_hash, started_at)
VALUES ($1, $2, now())
ON CONFLICT (key) DO NOTHING
RETURNING id`

// Claim takes an idempotency key; a second request with the same key gets
// pgx.ErrNoRows and is answered with a 500 instead of the stored response.
func (c *OrderConsumer) Claim(ctx context.Context, key, requestHash string) (int64, error) {
	var id int64
	if err := c.pool.QueryRow(ctx, claimKey, key, requestHash).Scan(&id); err != nil { // want: onconflict
		return 0, fmt.Errorf("claim %s: %w", key, err)
	}
	return id, nil
}

// HandlePayment dedups with DO NOTHING but never looks at the count: the
// duplicate passes and the balance is debited twice.
func (c *OrderConsumer) HandlePayment(ctx context.Context, ev OrderConfirmed) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'payments') ON CONFLICT DO NOTHING`, ev.EventID); err != nil { // want: onconflict
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE account SET balance = balance - $2 WHERE order_id = $1`, ev.OrderID, ev.Amount); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
