package repository

import (
	"context"
	"fmt"

	"example.com/corpus/billing/internal/db"
	"example.com/corpus/billing/internal/platform/ids"
	"example.com/corpus/billing/internal/platform/pgutil"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Payments stores payment rows.
type Payments struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// NewPayments returns a repository on pool.
func NewPayments(pool *pgxpool.Pool) *Payments { return &Payments{pool: pool, q: db.New(pool)} }

// Create inserts a payment; a repeat of the same key returns created=false.
func (p *Payments) Create(ctx context.Context, orderID, key string, amount int64) (db.Payment, bool, error) {
	pay, err := p.q.CreatePayment(ctx, db.CreatePaymentParams{
		ID:             ids.NewPaymentID(),
		OrderID:        orderID,
		AmountKopecks:  amount,
		IdempotencyKey: key,
	})
	if pgutil.IsNoRows(err) {
		return db.Payment{}, false, nil
	}
	if err != nil {
		return db.Payment{}, false, fmt.Errorf("create payment: %w", err)
	}
	return pay, true, nil
}

// CreateStrict treats the duplicate as a failure.
func (p *Payments) CreateStrict(ctx context.Context, orderID, key string, amount int64) (db.Payment, error) {
	pay, err := p.q.CreatePayment(ctx, db.CreatePaymentParams{ // want: onconflict
		ID:             ids.NewPaymentID(),
		OrderID:        orderID,
		AmountKopecks:  amount,
		IdempotencyKey: key,
	})
	if err != nil {
		return db.Payment{}, fmt.Errorf("create payment for order %s: %w", orderID, err)
	}
	return pay, nil
}

// Upsert uses the CTE form that always returns a row.
func (p *Payments) Upsert(ctx context.Context, orderID, key string, amount int64) (db.Payment, error) {
	return p.q.UpsertPayment(ctx, db.UpsertPaymentParams{
		ID:             ids.NewPaymentID(),
		OrderID:        orderID,
		AmountKopecks:  amount,
		IdempotencyKey: key,
	})
}

// RecordLedger writes the ledger entry in tx; switch handles the duplicate.
func (p *Payments) RecordLedger(ctx context.Context, tx pgx.Tx, paymentID string, amount int64) (bool, error) {
	_, err := p.q.WithTx(tx).InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:            ids.NewPaymentID(),
		PaymentID:     paymentID,
		AmountKopecks: amount,
	})
	switch {
	case err == nil:
		return true, nil
	case err == pgx.ErrNoRows:
		return false, nil
	default:
		return false, fmt.Errorf("ledger entry for %s: %w", paymentID, err)
	}
}

// MarkSettled claims the settlement with the pgx QueryRow form and handles
// the "no row" outcome.
func (p *Payments) MarkSettled(ctx context.Context, paymentID string) (bool, error) {
	var id string
	err := p.pool.QueryRow(ctx, `
		INSERT INTO settlement (payment_id, settled_at) VALUES ($1, now())
		ON CONFLICT (payment_id) DO NOTHING
		RETURNING payment_id`, paymentID).Scan(&id)
	if pgutil.IsNoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// MarkRefunded is the same claim without the "no row" branch.
func (p *Payments) MarkRefunded(ctx context.Context, paymentID string) error {
	const q = `
		INSERT INTO refund_marker (payment_id, refunded_at) VALUES ($1, now())
		ON CONFLICT (payment_id) DO NOTHING
		RETURNING payment_id`
	var id string
	if err := p.pool.QueryRow(ctx, q, paymentID).Scan(&id); err != nil { // want: onconflict
		return fmt.Errorf("mark refunded %s: %w", paymentID, err)
	}
	return nil
}
