// Package store is the payments service's database/sql and sqlx repository layer.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"example.com/corpus2/payments/internal/platform/sqltx"
)

// Payment is one row of payments.
type Payment struct {
	ID             string
	CustomerID     string
	AmountMinor    int64
	Currency       string
	Status         string
	IdempotencyKey string
	CreatedAt      time.Time
}

// ErrDuplicate means the idempotency key was already used.
var ErrDuplicate = errors.New("store: duplicate request")

// Payments is a database/sql repository.
type Payments struct {
	DB *sql.DB
}

const insertPayment = `
INSERT INTO payments (id, customer_id, amount_minor, currency, status, idempotency_key)
VALUES ($1, $2, $3, $4, 'PENDING', $5)
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING id`

// Create inserts a payment and returns its id; a replayed key returns ErrDuplicate.
func (p *Payments) Create(ctx context.Context, pay Payment) (string, error) {
	var id string
	err := p.DB.QueryRowContext(ctx, insertPayment,
		pay.ID, pay.CustomerID, pay.AmountMinor, pay.Currency, pay.IdempotencyKey).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrDuplicate
	}
	if err != nil {
		return "", fmt.Errorf("insert payment: %w", err)
	}
	return id, nil
}

// CreateLoose is the older variant some callers still use.
func (p *Payments) CreateLoose(ctx context.Context, pay Payment) (string, error) {
	var id string
	if err := p.DB.QueryRowContext(ctx, insertPayment, // want: onconflict
		pay.ID, pay.CustomerID, pay.AmountMinor, pay.Currency, pay.IdempotencyKey).Scan(&id); err != nil {
		return "", fmt.Errorf("insert payment: %w", err)
	}
	return id, nil
}

// CreateInTx is Create inside a caller's transaction; "no row" goes through the helper.
func (p *Payments) CreateInTx(ctx context.Context, tx *sql.Tx, pay Payment) (string, bool, error) {
	var id string
	err := tx.QueryRowContext(ctx, insertPayment,
		pay.ID, pay.CustomerID, pay.AmountMinor, pay.Currency, pay.IdempotencyKey).Scan(&id)
	switch {
	case sqltx.IsNoRows(err):
		return "", false, nil
	case err != nil:
		return "", false, err
	}
	return id, true, nil
}

// Get loads one payment.
func (p *Payments) Get(ctx context.Context, id string) (Payment, error) {
	var pay Payment
	err := p.DB.QueryRowContext(ctx,
		`SELECT id, customer_id, amount_minor, currency, status, idempotency_key, created_at
		   FROM payments WHERE id = $1`, id).
		Scan(&pay.ID, &pay.CustomerID, &pay.AmountMinor, &pay.Currency, &pay.Status, &pay.IdempotencyKey, &pay.CreatedAt)
	if err != nil {
		return Payment{}, err
	}
	return pay, nil
}

// MarkCaptured moves a payment from AUTHORIZED to CAPTURED exactly once.
func (p *Payments) MarkCaptured(ctx context.Context, tx *sql.Tx, id string) error {
	return sqltx.ExpectOne(tx.ExecContext(ctx,
		`UPDATE payments SET status = 'CAPTURED', updated_at = now() WHERE id = $1 AND status = 'AUTHORIZED'`, id))
}

// MarkRefunded records a refund.
func (p *Payments) MarkRefunded(ctx context.Context, tx *sql.Tx, id string, amount int64) error {
	res, err := tx.ExecContext(ctx,
		`UPDATE payments SET status = 'REFUNDED', refunded_minor = $2 WHERE id = $1`, id, amount)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("refund %s: %d rows", id, n)
	}
	return nil
}

// ExpirePending cancels old pending payments; safe to run twice.
func (p *Payments) ExpirePending(ctx context.Context, before time.Time) (int64, error) {
	res, err := p.DB.ExecContext(ctx,
		`UPDATE payments SET status = 'EXPIRED' WHERE status = 'PENDING' AND created_at < $1`, before)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// RecordAudit appends an audit row; a replay inserts nothing, and nothing follows.
func (p *Payments) RecordAudit(ctx context.Context, paymentID, action string) error {
	_, err := p.DB.ExecContext(ctx,
		`INSERT INTO payment_audit (payment_id, action) VALUES ($1, $2)
		 ON CONFLICT (payment_id, action) DO NOTHING`, paymentID, action)
	return err
}

// ClaimWebhook is the dedup gate of the provider's webhooks.
func (p *Payments) ClaimWebhook(ctx context.Context, tx *sql.Tx, eventID string) (bool, error) {
	res, err := tx.ExecContext(ctx,
		`INSERT INTO provider_webhooks (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`, eventID)
	if err != nil {
		return false, err
	}
	return sqltx.Inserted(res)
}

// ApplyWebhook stores a webhook's status change, once per event.
func (p *Payments) ApplyWebhook(ctx context.Context, eventID, paymentID, status string) error {
	return sqltx.WithTx(ctx, p.DB, func(tx *sql.Tx) error {
		fresh, err := p.ClaimWebhook(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		_, err = tx.ExecContext(ctx, `UPDATE payments SET status = $2 WHERE id = $1`, paymentID, status)
		return err
	})
}

// ApplyWebhookFast is the hand-inlined variant written for a benchmark.
func (p *Payments) ApplyWebhookFast(ctx context.Context, eventID, paymentID, status string) error {
	tx, err := p.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, // want: onconflict
		`INSERT INTO provider_webhooks (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`, eventID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = $2, webhook_count = webhook_count + 1 WHERE id = $1`, paymentID, status); err != nil {
		return err
	}
	return tx.Commit()
}
