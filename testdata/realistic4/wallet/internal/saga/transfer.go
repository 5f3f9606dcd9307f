// Package saga runs an external payout as a saga: debit the wallet, send
// the payout, compensate the debit if the payout is refused.
package saga

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"gorm.io/gorm"

	"example.com/realistic4/wallet/internal/model"
)

// Step is one saga step with its compensation.
type Step struct {
	Name       string
	Do         func(ctx context.Context) error
	Compensate func(ctx context.Context) error
}

// Run runs steps in order; when one fails it compensates the ones that
// succeeded, in reverse.
func Run(ctx context.Context, log *slog.Logger, steps ...Step) error {
	for i, st := range steps {
		if err := st.Do(ctx); err != nil {
			for j := i - 1; j >= 0; j-- {
				if steps[j].Compensate == nil {
					continue
				}
				if cerr := steps[j].Compensate(context.WithoutCancel(ctx)); cerr != nil {
					log.Error("compensation failed", "step", steps[j].Name, "err", cerr)
					return errors.Join(err, cerr)
				}
			}
			return fmt.Errorf("saga step %s: %w", st.Name, err)
		}
	}
	return nil
}

// Bank sends payouts.
type Bank interface {
	Payout(ctx context.Context, iban string, amount int64, key string) error
}

// Payouts runs payout sagas.
type Payouts struct {
	DB   *gorm.DB
	Bank Bank
	Log  *slog.Logger
}

func (p *Payouts) entry(ctx context.Context, e model.Entry) error {
	return p.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&e).Error; err != nil {
			return err
		}
		return tx.Model(&model.Wallet{}).Where("id = ?", e.WalletID).
			Update("balance_cents", gorm.Expr("balance_cents + ?", e.AmountCents)).Error
	})
}

// Payout debits the wallet and pays the IBAN, refunding on failure.
func (p *Payouts) Payout(ctx context.Context, payoutID, walletID, iban string, amount int64) error {
	opts := []retry.Option{retry.Context(ctx), retry.Attempts(4), retry.Delay(200 * time.Millisecond), retry.LastErrorOnly(true)}
	return Run(ctx, p.Log,
		Step{
			Name: "debit",
			Do: func(ctx context.Context) error {
				return retry.Do(func() error {
					return p.entry(ctx, model.Entry{
						ID:             uuid.NewString(), // want: uuidinretry — not planted separately: the debit entry's record id is fresh per attempt too (same bug as line 80)
						WalletID:       walletID,
						AmountCents:    -amount,
						IdempotencyKey: uuid.NewString(), // want: uuidinretry
						Reason:         "payout",
					})
				}, opts...)
			},
			Compensate: func(ctx context.Context) error {
				return retry.Do(func() error {
					return p.entry(ctx, model.Entry{
						ID:             uuid.NewString(),
						WalletID:       walletID,
						AmountCents:    amount,
						IdempotencyKey: payoutID + ":refund",
						Reason:         "payout refund",
					})
				}, opts...)
			},
		},
		Step{
			Name: "payout",
			Do: func(ctx context.Context) error {
				return retry.Do(func() error { return p.Bank.Payout(ctx, iban, amount, payoutID) }, opts...)
			},
		},
	)
}
