// Package sqlunique: check-then-insert backed by a unique key in the
// module's schema. Safe when the guarded work is in the insert's
// transaction; a bug when something leaves the process first.
package sqlunique

import (
	"context"
	"database/sql"
	"net/http"
)

type Consumer struct {
	db     *sql.DB
	client *http.Client
}

// The inbox shape: exists, then the work and the claim in one transaction.
func (c *Consumer) Handle(ctx context.Context, msgID string, amount int64) error { // want Handle:`keyOps\(read processed_messages\.message_id of p1, insert processed_messages\.message_id of p1; writes: \(\*sql\.Tx\)\.ExecContext\)`
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var seen bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM processed_messages WHERE message_id = $1)`, msgID).Scan(&seen); err != nil || seen {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1`, amount); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO processed_messages (message_id) VALUES ($1)`, msgID); err != nil {
		return err
	}
	return tx.Commit()
}

// The charge leaves the process before the insert that would fail.
func (c *Consumer) Charge(ctx context.Context, msgID string, req *http.Request) error { // want Charge:`keyOps\(read processed_messages\.message_id of p1, insert processed_messages\.message_id of p1; leaves: \(\*http\.Client\)\.Do; writes: \(\*sql\.DB\)\.ExecContext\)`
	var seen bool
	if err := c.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM processed_messages WHERE message_id = $1)`, msgID).Scan(&seen); err != nil || seen {
		return err
	}
	if _, err := c.client.Do(req); err != nil {
		return err
	}
	_, err := c.db.ExecContext(ctx, `INSERT INTO processed_messages (message_id) VALUES ($1)`, msgID) // want `\(\*Consumer\)\.Charge checks msgID with \(\*sql\.DB\)\.QueryRowContext \(line 40\) and inserts it later \(line 46\) without a claim: two concurrent retries both pass the check; the unique key on processed_messages\.message_id fails the second insert only after \(\*http\.Client\)\.Do \(line 43\) has run: insert the key first, in the transaction of the work`
	return err
}

// An auto-committed write between: committed twice.
func (c *Consumer) Credit(ctx context.Context, msgID string, amount int64) error { // want Credit:`keyOps\(read processed_messages\.message_id of p1, insert processed_messages\.message_id of p1; writes: \(\*sql\.DB\)\.ExecContext\)`
	var seen bool
	if err := c.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM processed_messages WHERE message_id = $1)`, msgID).Scan(&seen); err != nil || seen {
		return err
	}
	if _, err := c.db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1`, amount); err != nil {
		return err
	}
	_, err := c.db.ExecContext(ctx, `INSERT INTO processed_messages (message_id) VALUES ($1)`, msgID) // want `fails the second insert only after \(\*sql\.DB\)\.ExecContext \(line 56\) has run`
	return err
}

type CreateOrder struct {
	IdempotencyKey string
	Total          int64
}

type order struct {
	ID             string
	IdempotencyKey string
	Total          int64
}

// The key reaches the insert through a struct built from the request.
func (c *Consumer) Create(ctx context.Context, req CreateOrder) error { // want Create:`keyOps\(read orders\.idempotency_key of p1\.IdempotencyKey, insert orders\.idempotency_key of p1\.IdempotencyKey, insert orders\.total of p1\.Total; writes: \(\*sql\.DB\)\.ExecContext\)`
	var id string
	if err := c.db.QueryRowContext(ctx, `SELECT id FROM orders WHERE idempotency_key = $1`, req.IdempotencyKey).Scan(&id); err == nil {
		return nil
	}
	o := &order{ID: "x", IdempotencyKey: req.IdempotencyKey, Total: req.Total}
	_, err := c.db.ExecContext(ctx, `INSERT INTO orders (id, idempotency_key, total) VALUES ($1, $2, $3)`, o.ID, o.IdempotencyKey, o.Total)
	return err
}
