package stream

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/realistic4/wallet/internal/model"
)

// Handlers applies stream events to wallets.
type Handlers struct {
	DB  *gorm.DB
	Log *slog.Logger
}

func field(m redis.XMessage, k string) string {
	v, _ := m.Values[k].(string)
	return v
}

func amountOf(m redis.XMessage) (int64, error) {
	return strconv.ParseInt(field(m, "amount_cents"), 10, 64)
}

func credit(tx *gorm.DB, e model.Entry) error {
	if err := tx.Create(&e).Error; err != nil {
		return err
	}
	return tx.Model(&model.Wallet{}).Where("id = ?", e.WalletID).
		Update("balance_cents", gorm.Expr("balance_cents + ?", e.AmountCents)).Error
}

// Deposit applies a bank deposit once: the event id is claimed in the same
// transaction as the entry. Run by Group.Run.
func (h *Handlers) Deposit(ctx context.Context, m redis.XMessage) error {
	amount, err := amountOf(m)
	if err != nil {
		h.Log.Warn("bad deposit, skipping", "id", m.ID, "err", err)
		return nil
	}
	return h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&model.ProcessedEvent{EventID: field(m, "event_id"), AppliedAt: time.Now()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return credit(tx, model.Entry{ID: uuid.NewString(), WalletID: field(m, "wallet_id"), AmountCents: amount, IdempotencyKey: "deposit:" + field(m, "event_id"), Reason: "deposit"})
	})
}

// Cashback credits a purchase's cashback. Run by Group.Run.
func (h *Handlers) Cashback(ctx context.Context, m redis.XMessage) error {
	amount, err := amountOf(m)
	if err != nil {
		return fmt.Errorf("cashback amount: %w", err)
	}
	return h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return credit(tx, model.Entry{
			ID:             uuid.NewString(),
			WalletID:       field(m, "wallet_id"),
			AmountCents:    amount,
			IdempotencyKey: uuid.NewString(), // want: uuidinretry
			Reason:         "cashback",
		})
	})
}

// Chargeback reverses a deposit, keyed by the chargeback's own id.
func (h *Handlers) Chargeback(ctx context.Context, m redis.XMessage) error {
	amount, err := amountOf(m)
	if err != nil {
		return fmt.Errorf("chargeback amount: %w", err)
	}
	return h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return credit(tx, model.Entry{
			ID:             uuid.NewString(),
			WalletID:       field(m, "wallet_id"),
			AmountCents:    -amount,
			IdempotencyKey: "chargeback:" + field(m, "chargeback_id"),
			Reason:         "chargeback",
		})
	})
}

// RunRefunds applies refunds with a hand-written loop.
func (h *Handlers) RunRefunds(ctx context.Context, g *Group) error {
	for ctx.Err() == nil {
		msgs, err := g.Read(ctx)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if err := g.Ack(ctx, m.ID); err != nil { // want: offsetorder
				return err
			}
			amount, err := amountOf(m)
			if err != nil {
				continue
			}
			if err := h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { // want: ctxcancel — not planted: the refund transaction commits on the loop's stop context (for ctx.Err() == nil)
				return credit(tx, model.Entry{ID: uuid.NewString(), WalletID: field(m, "wallet_id"), AmountCents: amount, IdempotencyKey: "refund:" + field(m, "refund_id"), Reason: "refund"})
			}); err != nil {
				h.Log.Error("refund", "id", m.ID, "err", err)
			}
		}
	}
	return nil
}

// RunBonuses applies bonuses; a failed bonus is logged and acked.
func (h *Handlers) RunBonuses(ctx context.Context, g *Group) error {
	for ctx.Err() == nil {
		msgs, err := g.Read(ctx)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			amount, _ := amountOf(m)
			err := h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { // want: ctxcancel — not planted: the bonus transaction commits on the loop's stop context
				return credit(tx, model.Entry{ID: uuid.NewString(), WalletID: field(m, "wallet_id"), AmountCents: amount, IdempotencyKey: "bonus:" + field(m, "bonus_id"), Reason: "bonus"})
			})
			if err != nil {
				h.Log.Error("bonus failed", "id", m.ID, "err", err) // want: skipcommit
			}
			if err := g.Ack(ctx, m.ID); err != nil { // acks the bonus whose failure was only logged (finding at line 133)
				return err
			}
		}
	}
	return nil
}

// RunAdjustments applies manual adjustments from the back office until the
// process is told to stop.
func (h *Handlers) RunAdjustments(ctx context.Context, g *Group) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		msgs, err := g.Read(ctx)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			amount, err := amountOf(m)
			if err != nil {
				h.Log.Warn("bad adjustment, skipping", "id", m.ID)
				_ = g.Ack(ctx, m.ID)
				continue
			}
			if err := h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { // want: ctxcancel
				if err := credit(tx, model.Entry{ID: uuid.NewString(), WalletID: field(m, "wallet_id"), AmountCents: amount, IdempotencyKey: "adj:" + m.ID, Reason: "adjustment"}); err != nil {
					return err
				}
				return tx.Create(&model.OutboxEvent{Stream: "wallet.events", Payload: []byte(m.ID)}).Error
			}); err != nil {
				return err
			}
			if err := g.Ack(ctx, m.ID); err != nil {
				return err
			}
		}
	}
}
