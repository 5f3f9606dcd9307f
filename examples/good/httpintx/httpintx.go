// Package httpintx shows the correct forms: the transaction records the
// charge request in an outbox row carrying the idempotency key, and a
// separate worker makes the call with no transaction open.
package httpintx

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// OrderConsumer handles OrderConfirmed events.
type OrderConsumer struct {
	Pool *pgxpool.Pool
}

// Handle writes the dedup row and the outbox row in one transaction.
func (c *OrderConsumer) Handle(ctx context.Context, eventID, orderID string) error {
	tx, err := c.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'billing') ON CONFLICT DO NOTHING", eventID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil // already processed
	}
	if _, err := tx.Exec(ctx, "INSERT INTO outbox_event (event_type, idempotency_key, order_id) VALUES ('ChargeRequested', $1, $2)", eventID+":billing", orderID); err != nil {
		return fmt.Errorf("enqueue charge for order %s: %w", orderID, err)
	}
	return tx.Commit(ctx)
}

// ChargeWorker sends the charges the outbox asks for.
type ChargeWorker struct {
	Pool    *pgxpool.Pool
	HTTP    *http.Client
	BaseURL string
}

// RunOnce claims one row in a short transaction, commits, calls the
// provider with the row's key, and marks the row sent.
func (w *ChargeWorker) RunOnce(ctx context.Context) error {
	var id int64
	var key, orderID string
	err := pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `UPDATE outbox_event SET status = 'SENDING', claimed_at = now()
			WHERE id = (SELECT id FROM outbox_event WHERE status = 'PENDING' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING id, idempotency_key, order_id`).Scan(&id, &key, &orderID)
	})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.BaseURL+"/charges", bytes.NewReader([]byte(`{"order_id":"`+orderID+`"}`)))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := w.HTTP.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = w.Pool.Exec(ctx, "UPDATE outbox_event SET status = 'SENT' WHERE id = $1", id)
	return err
}

// Notify calls after the commit, on every path.
func (c *OrderConsumer) Notify(ctx context.Context, client *http.Client, req *http.Request) error {
	tx, err := c.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "UPDATE orders SET state = 'confirmed'"); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
