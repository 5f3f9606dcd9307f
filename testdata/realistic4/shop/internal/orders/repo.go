// Package orders is the shop's order use cases and their storage.
package orders

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"
)

// ErrNotFound is returned when a row does not exist.
var ErrNotFound = errors.New("orders: not found")

// Order is a row of orders.
type Order struct {
	ID         int64     `db:"id" json:"id"`
	CustomerID string    `db:"customer_id" json:"customer_id"`
	CartID     string    `db:"cart_id" json:"cart_id"`
	TotalCents int64     `db:"total_cents" json:"total_cents"`
	Status     string    `db:"status" json:"status"`
	CreatedAt  time.Time `db:"created_at" json:"created_at"`
}

// StockRow is a row of stock.
type StockRow struct {
	SKU       string `db:"sku"`
	Available int    `db:"available"`
	Reserved  int    `db:"reserved"`
}

// getOne is the generic single-row read every repository uses; it maps
// sql.ErrNoRows to ErrNotFound.
func getOne[T any](ctx context.Context, q sqlx.QueryerContext, query string, args ...any) (T, error) {
	var v T
	if err := sqlx.GetContext(ctx, q, &v, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return v, ErrNotFound
		}
		return v, err
	}
	return v, nil
}

// Repo holds the queries on orders and stock.
type Repo struct{}

const insertOrder = `INSERT INTO orders (customer_id, cart_id, total_cents) VALUES ($1, $2, $3) RETURNING id`

// Insert creates an order.
func (Repo) Insert(ctx context.Context, tx *sqlx.Tx, o *Order) error {
	return tx.QueryRowxContext(ctx, insertOrder, o.CustomerID, o.CartID, o.TotalCents).Scan(&o.ID)
}

const claimCart = `
INSERT INTO orders (customer_id, cart_id, total_cents)
VALUES ($1, $2, $3)
ON CONFLICT (cart_id) DO NOTHING
RETURNING id`

// ClaimCart turns a cart into an order once; a second checkout of the same
// cart is a client retry.
func (Repo) ClaimCart(ctx context.Context, tx *sqlx.Tx, o *Order) error {
	if err := tx.QueryRowxContext(ctx, claimCart, o.CustomerID, o.CartID, o.TotalCents).Scan(&o.ID); err != nil { // the onconflict finding is at the caller, Place (service.go:47): ClaimCart passes ErrNoRows up and Place fails on the retry
		return err
	}
	return nil
}

// ClaimCartOnce is ClaimCart for the API v2 handler: a retried checkout
// gets the existing order back.
func (Repo) ClaimCartOnce(ctx context.Context, tx *sqlx.Tx, o *Order) (created bool, err error) {
	err = tx.QueryRowxContext(ctx, claimCart, o.CustomerID, o.CartID, o.TotalCents).Scan(&o.ID)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		existing, err := getOne[Order](ctx, tx, `SELECT * FROM orders WHERE cart_id = $1`, o.CartID)
		if err != nil {
			return false, err
		}
		*o = existing
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}

// LockStock reads a stock row FOR UPDATE.
func (Repo) LockStock(ctx context.Context, tx *sqlx.Tx, sku string) (StockRow, error) {
	return getOne[StockRow](ctx, tx, `SELECT sku, available, reserved FROM stock WHERE sku = $1 FOR UPDATE`, sku)
}

// Stock reads a stock row.
func (Repo) Stock(ctx context.Context, tx *sqlx.Tx, sku string) (StockRow, error) {
	return getOne[StockRow](ctx, tx, `SELECT sku, available, reserved FROM stock WHERE sku = $1`, sku)
}

// Reserve moves qty units to reserved.
func (Repo) Reserve(ctx context.Context, tx *sqlx.Tx, sku string, qty int) error {
	_, err := tx.ExecContext(ctx, `UPDATE stock SET available = available - $2, reserved = reserved + $2 WHERE sku = $1`, sku, qty)
	return err
}

// SetStatus updates an order's status.
func (Repo) SetStatus(ctx context.Context, tx *sqlx.Tx, id int64, status string) error {
	_, err := tx.ExecContext(ctx, `UPDATE orders SET status = $2 WHERE id = $1`, id, status)
	return err
}

// AddOutbox writes an event to the outbox in tx.
func (Repo) AddOutbox(ctx context.Context, tx *sqlx.Tx, routingKey string, payload []byte) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO outbox (routing_key, payload) VALUES ($1, $2)`, routingKey, payload)
	return err
}
