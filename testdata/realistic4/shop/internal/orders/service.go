package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/jmoiron/sqlx"
	amqp "github.com/rabbitmq/amqp091-go"

	"example.com/realistic4/shop/internal/inventory"
	"example.com/realistic4/shop/internal/payments"
	"example.com/realistic4/shop/internal/platform/rabbit"
	"example.com/realistic4/shop/internal/platform/uow"
)

// ErrOutOfStock is returned when a reservation cannot be met.
var ErrOutOfStock = errors.New("orders: out of stock")

// Service is the order use cases.
type Service struct {
	uow  *uow.UnitOfWork
	repo Repo
	pub  rabbit.Publisher
	inv  *inventory.Client
	pay  *payments.Client
}

// NewService wires the use cases.
func NewService(u *uow.UnitOfWork, pub rabbit.Publisher, inv *inventory.Client, pay *payments.Client) *Service {
	return &Service{uow: u, pub: pub, inv: inv, pay: pay}
}

// PlaceInput is a new order.
type PlaceInput struct {
	CustomerID string `json:"customer_id"`
	CartID     string `json:"cart_id"`
	TotalCents int64  `json:"total_cents"`
}

// Place creates the order and tells the warehouse and the mailer.
func (s *Service) Place(ctx context.Context, in PlaceInput) (Order, error) {
	o := Order{CustomerID: in.CustomerID, CartID: in.CartID, TotalCents: in.TotalCents, Status: "pending"}
	if err := s.uow.Do(ctx, func(tx *sqlx.Tx) error {
		return s.repo.ClaimCart(ctx, tx, &o) // want: onconflict — Place calls ClaimCart (DO NOTHING RETURNING via QueryRowxContext.Scan) and fails on its ErrNoRows
	}); err != nil {
		return Order{}, err
	}
	body, _ := json.Marshal(o)
	if err := s.pub.Publish(ctx, "order.placed", body, amqp.Table{"order_id": o.ID}); err != nil { // want: dualwrite
		return Order{}, fmt.Errorf("announce order %d: %w", o.ID, err)
	}
	return o, nil
}

// PlaceV2 creates the order and its event in one transaction; the outbox
// relay publishes the event.
func (s *Service) PlaceV2(ctx context.Context, in PlaceInput) (Order, error) {
	o := Order{CustomerID: in.CustomerID, CartID: in.CartID, TotalCents: in.TotalCents, Status: "pending"}
	err := s.uow.Do(ctx, func(tx *sqlx.Tx) error {
		created, err := s.repo.ClaimCartOnce(ctx, tx, &o)
		if err != nil || !created {
			return err
		}
		body, err := json.Marshal(o)
		if err != nil {
			return err
		}
		return s.repo.AddOutbox(ctx, tx, "order.placed", body)
	})
	return o, err
}

// Reserve holds stock locally and at the warehouse.
func (s *Service) Reserve(ctx context.Context, orderID int64, sku string, qty int) error {
	return s.uow.Do(ctx, func(tx *sqlx.Tx) error {
		row, err := s.repo.LockStock(ctx, tx, sku)
		if err != nil {
			return err
		}
		if row.Available < qty {
			return ErrOutOfStock
		}
		if err := s.inv.Hold(ctx, orderID, sku, qty); err != nil { // want: httpintx
			return fmt.Errorf("warehouse hold: %w", err)
		}
		return s.repo.Reserve(ctx, tx, sku, qty)
	})
}

// Availability compares our stock with the warehouse's live level.
func (s *Service) Availability(ctx context.Context, sku string) (local, remote int, err error) {
	err = s.uow.ReadOnly(ctx, func(tx *sqlx.Tx) error {
		row, err := s.repo.Stock(ctx, tx, sku)
		if err != nil {
			return err
		}
		lvl, err := s.inv.Level(ctx, sku)
		if err != nil {
			return err
		}
		local, remote = row.Available, lvl.Available
		return nil
	})
	return local, remote, err
}

// Pay captures the order's total. The key is the order id, stable across
// the client's retries and ours.
func (s *Service) Pay(ctx context.Context, o Order) (payments.Receipt, error) {
	r, err := s.pay.CaptureKeyed(ctx, "order-"+strconv.FormatInt(o.ID, 10), payments.Charge{OrderID: o.ID, AmountCents: o.TotalCents, Currency: "EUR"})
	if err != nil {
		return r, err
	}
	return r, s.uow.Do(ctx, func(tx *sqlx.Tx) error { return s.repo.SetStatus(ctx, tx, o.ID, "paid") })
}

// PayExpress is the one-click flow.
func (s *Service) PayExpress(ctx context.Context, o Order) (payments.Receipt, error) {
	return s.pay.Capture(ctx, payments.Charge{OrderID: o.ID, AmountCents: o.TotalCents, Currency: "EUR"})
}

// RedeemGift applies a gift code to an order once.
func (s *Service) RedeemGift(ctx context.Context, orderID int64, code string) (bool, error) {
	applied := false
	err := s.uow.Do(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO gift_redemptions (code, order_id) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING`, code, orderID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		applied = true
		_, err = tx.ExecContext(ctx, `UPDATE orders SET total_cents = total_cents - 1000 WHERE id = $1`, orderID)
		return err
	})
	return applied, err
}
