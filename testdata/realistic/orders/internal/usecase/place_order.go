// Package usecase holds the order operations.
package usecase

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"example.com/corpus/orders/internal/inventory"
	"example.com/corpus/orders/internal/platform/dbx"
	"example.com/corpus/orders/internal/store"
	"github.com/jmoiron/sqlx"
)

// PlaceOrderCommand is a new order.
type PlaceOrderCommand struct {
	CustomerID     string
	IdempotencyKey string
	Lines          []inventory.Line
	TotalCents     int64
}

// ReserveStock reserves the order's stock at the inventory service.
type ReserveStock struct {
	inv *inventory.Client
	log *slog.Logger
}

// NewReserveStock wires the use case.
func NewReserveStock(inv *inventory.Client, log *slog.Logger) *ReserveStock {
	return &ReserveStock{inv: inv, log: log}
}

// Execute reserves the stock.
func (r *ReserveStock) Execute(ctx context.Context, orderID string, lines []inventory.Line) error {
	r.log.InfoContext(ctx, "reserving stock", "order_id", orderID, "lines", len(lines))
	return r.inv.Reserve(ctx, orderID, lines)
}

// PlaceOrder creates orders.
type PlaceOrder struct {
	store   *store.Store
	reserve *ReserveStock
	inv     *inventory.Client
	log     *slog.Logger
}

// NewPlaceOrder wires the use case.
func NewPlaceOrder(s *store.Store, inv *inventory.Client, log *slog.Logger) *PlaceOrder {
	return &PlaceOrder{store: s, reserve: NewReserveStock(inv, log), inv: inv, log: log}
}

// Execute writes the order and its outbox event in one transaction, then
// reserves the stock after the commit.
func (uc *PlaceOrder) Execute(ctx context.Context, cmd PlaceOrderCommand) (store.Order, error) {
	var order store.Order
	err := dbx.WithTx(ctx, uc.store.DB(), func(tx *sqlx.Tx) error {
		o, err := uc.store.InsertOrder(ctx, tx, cmd.CustomerID, cmd.IdempotencyKey, cmd.TotalCents)
		if err != nil {
			return err
		}
		order = o
		return uc.store.AddOutbox(ctx, tx, "orders.created", o.ID, o)
	})
	if errors.Is(err, store.ErrDuplicate) {
		return uc.store.ByKey(ctx, cmd.IdempotencyKey)
	}
	if err != nil {
		return store.Order{}, err
	}
	if err := uc.reserve.Execute(ctx, order.ID, cmd.Lines); err != nil {
		uc.log.WarnContext(ctx, "reservation failed; the reservation worker will retry", "order_id", order.ID, "error", err)
	}
	return order, nil
}

// ExecuteSync reserves the stock before committing "so that the order is
// never stored without stock".
func (uc *PlaceOrder) ExecuteSync(ctx context.Context, cmd PlaceOrderCommand) (store.Order, error) {
	tx, err := uc.store.DB().BeginTxx(ctx, nil)
	if err != nil {
		return store.Order{}, err
	}
	defer tx.Rollback()
	o, err := uc.store.InsertOrder(ctx, tx, cmd.CustomerID, cmd.IdempotencyKey, cmd.TotalCents)
	if err != nil {
		return store.Order{}, err
	}
	if err := uc.reserve.Execute(ctx, o.ID, cmd.Lines); err != nil { // want: httpintx
		return store.Order{}, fmt.Errorf("reserve: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return store.Order{}, err
	}
	return o, nil
}

// Confirm flips the status and commits through the helper, then tells the
// inventory service.
func (uc *PlaceOrder) Confirm(ctx context.Context, orderID string) error {
	tx, err := uc.store.DB().BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'CONFIRMED' WHERE id = $1`, orderID); err != nil {
		return err
	}
	if err := dbx.Commit(tx); err != nil {
		return err
	}
	return uc.inv.Reserve(ctx, orderID, nil) // not a finding (a fixed false positive of httpintx)
}

// Cancel prepares the notification inside the transaction and runs it
// after the commit.
func (uc *PlaceOrder) Cancel(ctx context.Context, orderID string) error {
	tx, err := uc.store.DB().BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'CANCELLED' WHERE id = $1`, orderID); err != nil {
		return err
	}
	release := func() error { return uc.inv.Cancel(ctx, orderID) }
	if err := tx.Commit(); err != nil {
		return err
	}
	return release()
}

// Archive logs to the audit service when it returns, after the commit.
func (uc *PlaceOrder) Archive(ctx context.Context, orderID string) (err error) {
	tx, err := uc.store.DB().BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err == nil {
			_ = uc.inv.Cancel(ctx, orderID)
		}
	}()
	if _, err = tx.ExecContext(ctx, `UPDATE orders SET archived = true WHERE id = $1`, orderID); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Recheck rolls back on a conflict and then asks the inventory service.
func (uc *PlaceOrder) Recheck(ctx context.Context, orderID, sku string) (int, error) {
	tx, err := uc.store.DB().BeginTxx(ctx, nil)
	if err != nil {
		return 0, err
	}
	var status string
	if err := tx.GetContext(ctx, &status, `SELECT status FROM orders WHERE id = $1 FOR UPDATE`, orderID); err != nil {
		_ = tx.Rollback()
		return 0, err
	}
	if status != "NEW" {
		_ = tx.Rollback()
		return uc.inv.Available(ctx, sku)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'CHECKED' WHERE id = $1`, orderID); err != nil {
		_ = tx.Rollback()
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	return uc.inv.Available(ctx, sku)
}
