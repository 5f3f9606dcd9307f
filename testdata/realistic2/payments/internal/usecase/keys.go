package usecase

import (
	"context"
	"database/sql"
	"errors"

	"example.com/corpus2/payments/gen/riskpb"
	"example.com/corpus2/payments/internal/store"
)

// Keys uses the raw insert and handles "no row" at the call site.
type Keys struct {
	Payments *store.Payments
	DB       *sql.DB
	Risk     riskpb.RiskClient
}

// Ensure records key once.
func (k *Keys) Ensure(ctx context.Context, key string) (bool, error) {
	_, err := k.Payments.InsertKeyRaw(ctx, key)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// OnConn runs a transaction on a pinned connection and calls the risk
// service inside it.
func (k *Keys) OnConn(ctx context.Context, paymentID string) error {
	conn, err := k.DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, paymentID); err != nil {
		return err
	}
	if _, err := k.Risk.Assess(ctx, &riskpb.AssessRequest{PaymentId: paymentID}); err != nil { // want: httpintx
		return err
	}
	return tx.Commit()
}

// DeferredCommit commits in a deferred closure; the call in the body runs
// while the transaction is open.
func (k *Keys) DeferredCommit(ctx context.Context, paymentID string) (err error) {
	tx, err := k.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
			return
		}
		err = tx.Commit()
	}()
	if _, err = tx.ExecContext(ctx, `UPDATE payments SET risk = 'CHECKING' WHERE id = $1`, paymentID); err != nil {
		return err
	}
	_, err = k.Risk.Assess(ctx, &riskpb.AssessRequest{PaymentId: paymentID}) // want: httpintx
	return err
}

// AfterSwitch ends the transaction on every branch of a switch, then calls.
func (k *Keys) AfterSwitch(ctx context.Context, paymentID string, dryRun bool) error {
	tx, err := k.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET risk = 'CHECKING' WHERE id = $1`, paymentID); err != nil {
		_ = tx.Rollback()
		return err
	}
	switch {
	case dryRun:
		err = tx.Rollback()
	default:
		err = tx.Commit()
	}
	if err != nil {
		return err
	}
	_, err = k.Risk.Assess(ctx, &riskpb.AssessRequest{PaymentId: paymentID})
	return err
}
