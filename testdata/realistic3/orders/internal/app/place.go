// Package app holds the orders service's use cases; they see only the
// ports of package domain.
package app

import (
	"context"
	"encoding/json"
	"fmt"

	"example.com/corpus3/orders/internal/domain"
)

// Orders is the order use-case service.
type Orders struct {
	tx       domain.TxManager
	orders   domain.OrderRepository
	outbox   domain.Outbox
	coupons  domain.Coupons
	events   domain.EventPublisher
	attempts domain.PaymentAttempts
	payments domain.PaymentRepository
	gateway  domain.PaymentGateway
}

// Deps are the ports the service needs.
type Deps struct {
	Tx       domain.TxManager
	Orders   domain.OrderRepository
	Outbox   domain.Outbox
	Coupons  domain.Coupons
	Events   domain.EventPublisher
	Attempts domain.PaymentAttempts
	Payments domain.PaymentRepository
	Gateway  domain.PaymentGateway
}

// NewOrders returns the service.
func NewOrders(d Deps) *Orders {
	return &Orders{tx: d.Tx, orders: d.Orders, outbox: d.Outbox, coupons: d.Coupons, events: d.Events,
		attempts: d.Attempts, payments: d.Payments, gateway: d.Gateway}
}

// PlaceRequest is the input of Place.
type PlaceRequest struct {
	OrderID    string `json:"order_id"`
	CustomerID string `json:"customer_id"`
	Amount     int64  `json:"amount"`
	Currency   string `json:"currency"`
	Coupon     string `json:"coupon,omitempty"`
}

type orderPlaced struct {
	OrderID    string `json:"order_id"`
	CustomerID string `json:"customer_id"`
	Amount     int64  `json:"amount"`
}

func newOrder(req PlaceRequest) domain.Order {
	return domain.Order{ID: req.OrderID, CustomerID: req.CustomerID, Amount: req.Amount, Currency: req.Currency, Status: domain.StatusPlaced}
}

// Place stores the order and announces it (the first version, still used by
// the partner API).
func (s *Orders) Place(ctx context.Context, req PlaceRequest) (domain.Order, error) {
	o := newOrder(req)
	if err := s.orders.Create(ctx, o); err != nil {
		return domain.Order{}, err
	}
	payload, _ := json.Marshal(orderPlaced{OrderID: o.ID, CustomerID: o.CustomerID, Amount: o.Amount})
	if err := s.announce(ctx, "orders.placed", o.ID, payload); err != nil { // write then publish through the helper: reported at main.go app.NewOrders (wired here)
		return domain.Order{}, fmt.Errorf("announce %s: %w", o.ID, err)
	}
	return o, nil
}

func (s *Orders) announce(ctx context.Context, topic, key string, payload []byte) error {
	return s.events.Publish(ctx, topic, key, payload)
}

// PlaceWithOutbox stores the order, the coupon redemption and the event in
// one transaction; the relay publishes the event.
func (s *Orders) PlaceWithOutbox(ctx context.Context, req PlaceRequest) (domain.Order, error) {
	o := newOrder(req)
	err := s.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		if err := s.orders.Create(ctx, o); err != nil {
			return err
		}
		if req.Coupon != "" {
			if err := s.redeemOnce(ctx, o.ID, req.Coupon); err != nil {
				return err
			}
		}
		payload, err := json.Marshal(orderPlaced{OrderID: o.ID, CustomerID: o.CustomerID, Amount: o.Amount})
		if err != nil {
			return err
		}
		return s.outbox.Add(ctx, "orders.placed", o.ID, payload)
	})
	return o, err
}

// redeemOnce checks and records the redemption in the caller's transaction;
// coupon_redemptions.order_id is unique, so of two racing requests the
// second insert fails and its whole transaction rolls back.
func (s *Orders) redeemOnce(ctx context.Context, orderID, coupon string) error {
	used, err := s.coupons.Redeemed(ctx, orderID)
	if err != nil {
		return err
	}
	if used {
		return nil
	}
	return s.coupons.Redeem(ctx, orderID, coupon)
}
