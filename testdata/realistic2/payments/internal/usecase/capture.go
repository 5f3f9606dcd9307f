// Package usecase holds the payment use cases.
package usecase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"example.com/corpus2/payments/gen/ledgerpb"
	"example.com/corpus2/payments/gen/riskpb"
	"example.com/corpus2/payments/internal/adapters/ledger"
	"example.com/corpus2/payments/internal/platform/sqltx"
	"example.com/corpus2/payments/internal/store"
)

// Capture moves authorized payments to captured and posts them to the ledger.
type Capture struct {
	DB       *sql.DB
	Payments *store.Payments
	Ledger   *ledger.Client
	LedgerPB ledgerpb.LedgerClient
	Risk     riskpb.RiskClient
	Log      *slog.Logger
}

// Run captures a payment: the state change commits first, the ledger call
// follows; a crash in between is repaired by the reconciler, and the ledger
// dedups on the payment id.
func (uc *Capture) Run(ctx context.Context, paymentID string) error {
	pay, err := uc.Payments.Get(ctx, paymentID)
	if err != nil {
		return err
	}
	tx, err := uc.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := uc.Payments.MarkCaptured(ctx, tx, paymentID); err != nil {
		_ = tx.Rollback()
		if errors.Is(err, sqltx.ErrNotAffected) {
			return nil // already captured
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = uc.Ledger.Post(ctx, "capture:"+paymentID, pay.CustomerID, pay.AmountMinor, pay.Currency)
	return err
}

// RunInline is the version a new team member wrote: the ledger call sits in the transaction.
func (uc *Capture) RunInline(ctx context.Context, paymentID string) error {
	pay, err := uc.Payments.Get(ctx, paymentID)
	if err != nil {
		return err
	}
	tx, err := uc.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := uc.Payments.MarkCaptured(ctx, tx, paymentID); err != nil {
		return err
	}
	if _, err := uc.Ledger.Post(ctx, "capture:"+paymentID, pay.CustomerID, pay.AmountMinor, pay.Currency); err != nil { // want: httpintx
		return err
	}
	return tx.Commit()
}

// RunDirect calls the generated client itself, still inside the transaction.
func (uc *Capture) RunDirect(ctx context.Context, paymentID string) error {
	return sqltx.WithTx(ctx, uc.DB, func(tx *sql.Tx) error {
		if err := uc.Payments.MarkCaptured(ctx, tx, paymentID); err != nil {
			return err
		}
		_, err := uc.LedgerPB.PostEntries(ctx, &ledgerpb.PostEntriesRequest{ // want: httpintx
			IdempotencyKey: "capture:" + paymentID,
		})
		return err
	})
}

// Assess asks the risk service before opening the transaction (correct).
func (uc *Capture) Assess(ctx context.Context, pay store.Payment) error {
	verdict, err := uc.Risk.Assess(ctx, &riskpb.AssessRequest{PaymentId: pay.ID, CustomerId: pay.CustomerID, AmountMinor: pay.AmountMinor})
	if err != nil {
		return err
	}
	return sqltx.WithTx(ctx, uc.DB, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE payments SET risk = $2 WHERE id = $1`, pay.ID, verdict.GetDecision())
		return err
	})
}

// AssessLate asks after the rollback of a failed write, on the error path only.
func (uc *Capture) AssessLate(ctx context.Context, pay store.Payment) error {
	tx, err := uc.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET risk = 'PENDING' WHERE id = $1`, pay.ID); err != nil {
		_ = tx.Rollback()
		if _, aerr := uc.Risk.Assess(ctx, &riskpb.AssessRequest{PaymentId: pay.ID}); aerr != nil {
			uc.Log.Warn("risk fallback failed", "err", aerr)
		}
		return err
	}
	return tx.Commit()
}

// Balances reads balances for a report; the read-only transaction is closed first.
func (uc *Capture) Balances(ctx context.Context, customers []string) (map[string]int64, error) {
	tx, err := uc.DB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	accounts := make([]string, 0, len(customers))
	for _, c := range customers {
		var acc string
		if err := tx.QueryRowContext(ctx, `SELECT account_id FROM customers WHERE id = $1`, c).Scan(&acc); err != nil {
			_ = tx.Rollback()
			return nil, err
		}
		accounts = append(accounts, acc)
	}
	if err := tx.Rollback(); err != nil {
		return nil, fmt.Errorf("rollback: %w", err)
	}
	out := make(map[string]int64, len(accounts))
	for _, a := range accounts {
		b, err := uc.Ledger.Balance(ctx, a)
		if err != nil {
			return nil, err
		}
		out[a] = b
	}
	return out, nil
}

// StreamAsync streams risk events from a goroutine that holds no transaction.
func (uc *Capture) StreamAsync(ctx context.Context, paymentID string) error {
	tx, err := uc.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET streamed = true WHERE id = $1`, paymentID); err != nil {
		return err
	}
	go func() {
		stream, err := uc.Risk.StreamEvents(context.WithoutCancel(ctx))
		if err != nil {
			uc.Log.Warn("risk stream", "err", err)
			return
		}
		_ = stream.Send(&riskpb.Event{PaymentId: paymentID, Kind: "captured"})
		_, _ = stream.CloseAndRecv()
	}()
	return tx.Commit()
}
