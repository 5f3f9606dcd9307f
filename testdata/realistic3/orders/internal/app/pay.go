package app

import (
	"context"
	"errors"
	"fmt"

	"example.com/corpus3/orders/internal/domain"
)

// Pay charges an order inside the transaction that locks it, so that two
// clicks cannot both charge (the lock is held for the provider's whole call).
func (s *Orders) Pay(ctx context.Context, orderID string) (domain.ChargeResult, error) {
	var res domain.ChargeResult
	err := s.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		o, err := s.orders.GetForUpdate(ctx, orderID)
		if err != nil {
			return err
		}
		if o.Status != domain.StatusPlaced {
			return domain.ErrAlreadyPaid
		}
		if _, err := s.attempts.Start(ctx, o.ID, "pay:"+o.ID); err != nil {
			return err
		}
		res, err = s.charge(ctx, o) // the provider call inside the locking transaction: reported at main.go app.NewOrders (wired here)
		if err != nil {
			return err
		}
		return s.orders.MarkPaid(ctx, o.ID, res.ChargeID)
	})
	return res, err
}

func (s *Orders) charge(ctx context.Context, o domain.Order) (domain.ChargeResult, error) {
	return s.gateway.Charge(ctx, domain.ChargeRequest{
		IdempotencyKey: "order:" + o.ID,
		CustomerID:     o.CustomerID,
		Amount:         o.Amount,
		Currency:       o.Currency,
	})
}

// PayOutside is the fixed version: the attempt is recorded, the provider is
// called with the order's key outside any transaction, and the result is
// written in a short transaction afterwards.
func (s *Orders) PayOutside(ctx context.Context, orderID string) (domain.ChargeResult, error) {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return domain.ChargeResult{}, err
	}
	if o.Status != domain.StatusPlaced {
		return domain.ChargeResult{ChargeID: o.ChargeID, Status: "succeeded"}, nil
	}
	if _, _, err := s.attempts.StartOnce(ctx, o.ID, "pay:"+o.ID); err != nil {
		return domain.ChargeResult{}, err
	}
	res, err := s.charge(ctx, o)
	if err != nil {
		return domain.ChargeResult{}, err
	}
	err = s.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		return s.orders.MarkPaid(ctx, o.ID, res.ChargeID)
	})
	if errors.Is(err, domain.ErrAlreadyPaid) {
		return res, nil
	}
	return res, err
}

// PriceIn converts an order's amount with a live quote; the read-only
// transaction takes no locks and writes nothing.
func (s *Orders) PriceIn(ctx context.Context, orderID, currency string) (int64, error) {
	var amount int64
	err := s.tx.WithinReadOnly(ctx, func(ctx context.Context) error {
		o, err := s.orders.Get(ctx, orderID)
		if err != nil {
			return err
		}
		q, err := s.gateway.Quote(ctx, o.Currency, currency)
		if err != nil {
			return fmt.Errorf("quote: %w", err)
		}
		amount = int64(float64(o.Amount) * q.Rate)
		return nil
	})
	return amount, err
}
