// Package wallet is the wallet use cases over GORM and Redis streams.
package wallet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/realistic4/wallet/internal/fxrates"
	"example.com/realistic4/wallet/internal/model"
)

// ErrInsufficientFunds is returned when a debit exceeds the balance.
var ErrInsufficientFunds = errors.New("wallet: insufficient funds")

// Service is the wallet use cases.
type Service struct {
	db     *gorm.DB
	rdb    *redis.Client
	rates  *fxrates.Client
	card   *fxrates.Card
	log    *slog.Logger
	stream string
}

// Option configures the Service.
type Option func(*Service)

// WithEventStream sets the Redis stream events go to.
func WithEventStream(name string) Option { return func(s *Service) { s.stream = name } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New returns the service.
func New(db *gorm.DB, rdb *redis.Client, rates *fxrates.Client, card *fxrates.Card, opts ...Option) *Service {
	s := &Service{db: db, rdb: rdb, rates: rates, card: card, log: slog.Default(), stream: "wallet.events"}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Credit adds money to a wallet and announces it on the event stream.
func (s *Service) Credit(ctx context.Context, walletID string, amount int64, key, reason string) (model.Entry, error) {
	e := model.Entry{ID: uuid.NewString(), WalletID: walletID, AmountCents: amount, IdempotencyKey: key, Reason: reason}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&e).Error; err != nil {
			return err
		}
		return tx.Model(&model.Wallet{}).Where("id = ?", walletID).
			Update("balance_cents", gorm.Expr("balance_cents + ?", amount)).Error
	})
	if err != nil {
		return model.Entry{}, err
	}
	payload, _ := json.Marshal(e)
	if err := s.rdb.XAdd(ctx, &redis.XAddArgs{Stream: s.stream, Values: map[string]any{"type": "credited", "payload": payload}}).Err(); err != nil { // want: dualwrite — a GORM Transaction commits the entry, then the event goes straight to a Redis stream with XAdd (Redis streams as the broker); no outbox
		s.log.Error("publish credited", "entry", e.ID, "err", err)
	}
	return e, nil
}

// Debit takes money from a wallet; its event goes through the outbox.
func (s *Service) Debit(ctx context.Context, walletID string, amount int64, key, reason string) (model.Entry, error) {
	e := model.Entry{ID: uuid.NewString(), WalletID: walletID, AmountCents: -amount, IdempotencyKey: key, Reason: reason}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var w model.Wallet
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&w, "id = ?", walletID).Error; err != nil {
			return err
		}
		if w.BalanceCents < amount {
			return ErrInsufficientFunds
		}
		if err := tx.Create(&e).Error; err != nil {
			return err
		}
		if err := tx.Model(&w).Update("balance_cents", w.BalanceCents-amount).Error; err != nil {
			return err
		}
		payload, err := json.Marshal(e)
		if err != nil {
			return err
		}
		return tx.Create(&model.OutboxEvent{Stream: s.stream, Payload: payload}).Error
	})
	return e, err
}

// Convert moves a wallet to another currency at the live rate.
func (s *Service) Convert(ctx context.Context, walletID, to string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var w model.Wallet
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&w, "id = ?", walletID).Error; err != nil {
			return err
		}
		micros, err := s.rates.Rate(ctx, w.Currency, to) // want: httpintx
		if err != nil {
			return err
		}
		return tx.Model(&w).Updates(map[string]any{"balance_cents": w.BalanceCents * micros / 1_000_000, "currency": to}).Error
	})
}

// Quote prices a conversion: the rate is fetched first, then the balance is
// read; no transaction is held over the call.
func (s *Service) Quote(ctx context.Context, walletID, to string) (int64, error) {
	var w model.Wallet
	if err := s.db.WithContext(ctx).First(&w, "id = ?", walletID).Error; err != nil {
		return 0, err
	}
	micros, err := s.rates.Rate(ctx, w.Currency, to)
	if err != nil {
		return 0, err
	}
	return w.BalanceCents * micros / 1_000_000, nil
}

// TopUp pulls money from a card into the wallet once per request key.
func (s *Service) TopUp(ctx context.Context, requestKey, walletID, cardToken string, amount int64) (string, error) {
	var prev model.TopUpRequest
	err := s.db.WithContext(ctx).Where("request_key = ?", requestKey).First(&prev).Error
	if err == nil {
		return prev.EntryID, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return "", err
	}
	if _, err := s.card.Pull(ctx, cardToken, amount, requestKey); err != nil {
		return "", fmt.Errorf("card pull: %w", err)
	}
	e, err := s.Credit(ctx, walletID, amount, requestKey, "top-up")
	if err != nil {
		return "", err
	}
	if err := s.db.WithContext(ctx).Create(&model.TopUpRequest{RequestKey: requestKey, EntryID: e.ID}).Error; err != nil { // want: checkthenact
		return "", err
	}
	return e.ID, nil
}

// Transfer moves money between two wallets once per request key: the claim
// (primary key) and both entries are one transaction.
func (s *Service) Transfer(ctx context.Context, requestKey, from, to string, amount int64) (string, error) {
	var id string
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var claim model.TransferClaim
		err := tx.First(&claim, "request_key = ?", requestKey).Error
		if err == nil {
			id = claim.TransferID
			return nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		id = uuid.NewString()
		if err := tx.Create(&model.TransferClaim{RequestKey: requestKey, TransferID: id}).Error; err != nil {
			return err
		}
		if err := tx.Create(&model.Transfer{ID: id, FromID: from, ToID: to, Amount: amount, State: "done", CreatedAt: time.Now()}).Error; err != nil {
			return err
		}
		if err := tx.Create(&model.Entry{ID: uuid.NewString(), WalletID: from, AmountCents: -amount, IdempotencyKey: id + ":debit", Reason: "transfer"}).Error; err != nil {
			return err
		}
		return tx.Create(&model.Entry{ID: uuid.NewString(), WalletID: to, AmountCents: amount, IdempotencyKey: id + ":credit", Reason: "transfer"}).Error
	})
	return id, err
}
