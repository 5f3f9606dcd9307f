package consumer

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"httpintx/payment"
)

type OrderConsumer struct {
	pool     *pgxpool.Pool
	payments *payment.Client
}

// handle is the seed's consumer with the charge made inside the transaction.
func (c *OrderConsumer) handle(ctx context.Context, eventID string) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO processed_event (event_id) VALUES ($1)", eventID); err != nil {
		return err
	}
	if err := c.payments.Charge(ctx, payment.ChargeCommand{IdempotencyKey: eventID + ":billing"}); err != nil { // want `HTTP call payment\.\(\*Client\)\.Charge → \(\*http\.Client\)\.Do inside the transaction begun at consumer\.go:19`
		return err
	}
	return tx.Commit(ctx)
}

// charge receives the transaction: its body runs inside the caller's.
func (c *OrderConsumer) charge(ctx context.Context, tx pgx.Tx, key string) error {
	if _, err := tx.Exec(ctx, "UPDATE orders SET state = 'charging'"); err != nil {
		return err
	}
	return c.payments.Charge(ctx, payment.ChargeCommand{IdempotencyKey: key}) // want `HTTP call payment\.\(\*Client\)\.Charge → \(\*http\.Client\)\.Do inside the transaction passed in as tx;`
}

// handleVia reports inside charge, not here.
func (c *OrderConsumer) handleVia(ctx context.Context, eventID string) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := c.charge(ctx, tx, eventID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// outbox is the correct form: the transaction records the request, a worker calls.
func (c *OrderConsumer) outbox(ctx context.Context, eventID string) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO outbox_event (event_type, key) VALUES ('ChargeRequested', $1)", eventID+":billing"); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// worker claims outbox rows in a short transaction, then calls with no transaction open.
func (c *OrderConsumer) worker(ctx context.Context) error {
	var key string
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "UPDATE outbox_event SET status = 'SENDING' WHERE id = (SELECT id FROM outbox_event WHERE status = 'PENDING' LIMIT 1 FOR UPDATE SKIP LOCKED)"); err != nil {
		tx.Rollback(ctx)
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	if err := c.payments.Charge(ctx, payment.ChargeCommand{IdempotencyKey: key}); err != nil {
		return err
	}
	_, err = c.pool.Exec(ctx, "UPDATE outbox_event SET status = 'SENT' WHERE key = $1", key)
	return err
}
