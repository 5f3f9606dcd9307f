// Package consumer charges inside the consumer's transaction: every shape
// httpintx reports, against the real pgx, database/sql and net/http.
package consumer

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemlint/idemlint/examples/bad/httpintx/payment"
)

// OrderConsumer handles OrderConfirmed events.
type OrderConsumer struct {
	Pool     *pgxpool.Pool
	DB       *sql.DB
	Payments *payment.Client
	HTTP     *http.Client
}

// Handle charges through the payment client while the transaction is open.
func (c *OrderConsumer) Handle(ctx context.Context, eventID, orderID string) error {
	tx, err := c.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'billing')", eventID); err != nil {
		return err
	}
	if err := c.Payments.Charge(ctx, payment.ChargeCommand{IdempotencyKey: eventID + ":billing", OrderID: orderID}); err != nil { // want: httpintx
		return fmt.Errorf("charge order %s: %w", orderID, err)
	}
	return tx.Commit(ctx)
}

// HandleFunc does the same inside pgx.BeginFunc.
func (c *OrderConsumer) HandleFunc(ctx context.Context, eventID, orderID string) error {
	return pgx.BeginFunc(ctx, c.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'billing')", eventID); err != nil {
			return err
		}
		return c.Payments.Charge(ctx, payment.ChargeCommand{IdempotencyKey: eventID + ":billing", OrderID: orderID}) // want: httpintx
	})
}

// HandleSQL notifies on the error path before the rollback.
func (c *OrderConsumer) HandleSQL(ctx context.Context, orderID string, alert *http.Request) error {
	tx, err := c.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET state = 'paid' WHERE id = $1", orderID); err != nil {
		if resp, herr := c.HTTP.Do(alert); herr == nil { // want: httpintx
			resp.Body.Close()
		}
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// chargeInTx receives the transaction: its body runs inside the caller's.
func (c *OrderConsumer) chargeInTx(ctx context.Context, tx pgx.Tx, orderID string) error {
	if _, err := tx.Exec(ctx, "UPDATE orders SET state = 'charging' WHERE id = $1", orderID); err != nil {
		return err
	}
	return c.Payments.Charge(ctx, payment.ChargeCommand{IdempotencyKey: orderID + ":charge", OrderID: orderID}) // want: httpintx
}

// HandleVia passes the transaction to chargeInTx.
func (c *OrderConsumer) HandleVia(ctx context.Context, orderID string) error {
	tx, err := c.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := c.chargeInTx(ctx, tx, orderID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
