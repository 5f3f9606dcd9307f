package usecase

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"

	"example.com/corpus2/payments/gen/riskpb"
	"example.com/corpus2/payments/internal/adapters/ledger"
	"example.com/corpus2/payments/internal/store"
)

// Refund refunds payments through sqlx transactions.
type Refund struct {
	DB       *sqlx.DB
	Payments *store.Payments
	Claims   *store.Claims
	Ledger   *ledger.Client
	Risk     riskpb.RiskClient
}

// notifyLedger is a small helper; it reaches gRPC through the adapter.
func (uc *Refund) notifyLedger(ctx context.Context, key string, pay store.Payment) error {
	_, err := uc.Ledger.Post(ctx, key, pay.CustomerID, -pay.AmountMinor, pay.Currency)
	return err
}

// Run claims the refund key, records the refund and posts to the ledger after commit.
func (uc *Refund) Run(ctx context.Context, key string, pay store.Payment) error {
	tx, err := uc.DB.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	_, fresh, err := uc.Claims.Reserve(ctx, tx, key, "refund")
	if err != nil {
		return err
	}
	if !fresh {
		return nil
	}
	if err := uc.Payments.MarkRefunded(ctx, tx.Tx, pay.ID, pay.AmountMinor); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return uc.notifyLedger(ctx, key, pay)
}

// RunEager posts to the ledger before the commit.
func (uc *Refund) RunEager(ctx context.Context, key string, pay store.Payment) error {
	tx, err := uc.DB.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if err := uc.Payments.MarkRefunded(ctx, tx.Tx, pay.ID, pay.AmountMinor); err != nil {
		return err
	}
	if err := uc.notifyLedger(ctx, key, pay); err != nil { // want: httpintx
		return err
	}
	return tx.Commit()
}

// refundRow runs inside a caller's transaction and asks the risk service.
func refundRow(ctx context.Context, tx *sqlx.Tx, risk riskpb.RiskClient, pay store.Payment) error {
	if _, err := risk.Assess(ctx, &riskpb.AssessRequest{PaymentId: pay.ID}); err != nil { // want: httpintx
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'REFUND_PENDING' WHERE id = $1`, pay.ID)
	return err
}

// RunBatch refunds several payments in one transaction.
func (uc *Refund) RunBatch(ctx context.Context, pays []store.Payment) error {
	tx, err := uc.DB.BeginTxx(ctx, &sql.TxOptions{})
	if err != nil {
		return err
	}
	for _, p := range pays {
		if err := refundRow(ctx, tx, uc.Risk, p); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// Preview reads the refundable amount; the risk call needs no transaction.
func (uc *Refund) Preview(ctx context.Context, pay store.Payment) (int64, string, error) {
	var refundable int64
	if err := uc.DB.GetContext(ctx, &refundable,
		`SELECT amount_minor - refunded_minor FROM payments WHERE id = $1`, pay.ID); err != nil {
		return 0, "", err
	}
	v, err := uc.Risk.Assess(ctx, &riskpb.AssessRequest{PaymentId: pay.ID, AmountMinor: refundable})
	if err != nil {
		return 0, "", err
	}
	return refundable, v.GetDecision(), nil
}
