// Package pg holds the orders service's Postgres repositories; each runs on
// the transaction the context carries (txman.Manager.Conn) or the pool.
package pg

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"example.com/corpus3/orders/internal/domain"
	"example.com/corpus3/orders/internal/platform/txman"
)

// Orders implements domain.OrderRepository.
type Orders struct {
	tm *txman.Manager
}

// NewOrders returns the repository.
func NewOrders(tm *txman.Manager) *Orders { return &Orders{tm: tm} }

const (
	insertOrder = `INSERT INTO orders (id, customer_id, amount, currency, status) VALUES ($1, $2, $3, $4, $5)`
	selectOrder = `SELECT id, customer_id, amount, currency, status, coalesce(charge_id, ''), created_at FROM orders WHERE id = $1`
	lockOrder   = selectOrder + ` FOR UPDATE`
)

// Create inserts o.
func (r *Orders) Create(ctx context.Context, o domain.Order) error {
	_, err := r.tm.Conn(ctx).Exec(ctx, insertOrder, o.ID, o.CustomerID, o.Amount, o.Currency, domain.StatusPlaced)
	if err != nil {
		return fmt.Errorf("insert order %s: %w", o.ID, err)
	}
	return nil
}

// Get reads an order.
func (r *Orders) Get(ctx context.Context, id string) (domain.Order, error) {
	return r.scan(r.tm.Conn(ctx).QueryRow(ctx, selectOrder, id))
}

// GetForUpdate reads an order and locks its row until the transaction ends.
func (r *Orders) GetForUpdate(ctx context.Context, id string) (domain.Order, error) {
	return r.scan(r.tm.Conn(ctx).QueryRow(ctx, lockOrder, id))
}

func (r *Orders) scan(row pgx.Row) (domain.Order, error) {
	var o domain.Order
	err := row.Scan(&o.ID, &o.CustomerID, &o.Amount, &o.Currency, &o.Status, &o.ChargeID, &o.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return o, domain.ErrNotFound
	}
	return o, err
}

// MarkPaid moves a placed order to paid.
func (r *Orders) MarkPaid(ctx context.Context, id, chargeID string) error {
	tag, err := r.tm.Conn(ctx).Exec(ctx,
		`UPDATE orders SET status = 'PAID', charge_id = $2 WHERE id = $1 AND status = 'PLACED'`, id, chargeID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrAlreadyPaid
	}
	return nil
}

// MarkShipped records a shipment (idempotent: the same event twice is one row).
func (r *Orders) MarkShipped(ctx context.Context, ev domain.ShipmentEvent) error {
	_, err := r.tm.Conn(ctx).Exec(ctx,
		`INSERT INTO shipments (order_id, carrier, shipped_at) VALUES ($1, $2, $3)
		 ON CONFLICT (order_id) DO UPDATE SET carrier = EXCLUDED.carrier, shipped_at = EXCLUDED.shipped_at`,
		ev.OrderID, ev.Carrier, ev.At)
	if err != nil {
		return err
	}
	_, err = r.tm.Conn(ctx).Exec(ctx, `UPDATE orders SET status = 'SHIPPED' WHERE id = $1`, ev.OrderID)
	return err
}

// MarkRefunded moves an order to refunded and books the refunded amount.
func (r *Orders) MarkRefunded(ctx context.Context, id string, amount int64) error {
	_, err := r.tm.Conn(ctx).Exec(ctx,
		`UPDATE orders SET status = 'REFUNDED', amount = amount - $2 WHERE id = $1`, id, amount)
	return err
}

// Payments implements domain.PaymentRepository.
type Payments struct {
	tm *txman.Manager
}

// NewPayments returns the repository.
func NewPayments(tm *txman.Manager) *Payments { return &Payments{tm: tm} }

// Insert stores a confirmed payment.
func (r *Payments) Insert(ctx context.Context, id, orderID, provider string, amount int64) error {
	_, err := r.tm.Conn(ctx).Exec(ctx,
		`INSERT INTO payments (id, order_id, provider, amount) VALUES ($1, $2, $3, $4)`, id, orderID, provider, amount)
	return err
}
