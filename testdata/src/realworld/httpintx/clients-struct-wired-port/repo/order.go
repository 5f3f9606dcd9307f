// want package:`pending\(repo\.\(\*Orders\)\.Create at order\.go:\d+; repo\.\(\*Orders\)\.Cancel at order\.go:\d+\)`

// Package repo stores an order and reduces the stock in the product service
// (batch 6 sweep: an e-commerce order service on GORM). The gRPC call runs
// inside the GORM Transaction callback, through a field of the clients
// struct typed with the port interface; the adapter wraps it in a circuit
// breaker's Execute closure. The transaction stays open for the call, and
// the stock is reduced even when the commit then fails.
package repo

import (
	"context"

	"gorm.io/gorm"

	"realworld/httpintx/clients-struct-wired-port/ports"
)

type Order struct {
	ID string `gorm:"primaryKey"`
}

type Orders struct {
	db      *gorm.DB
	clients *ports.Clients
}

func New(db *gorm.DB, clients *ports.Clients) *Orders { return &Orders{db: db, clients: clients} }

func (o *Orders) Create(ctx context.Context, order *Order) error {
	return o.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(order).Error; err != nil {
			return err
		}
		return o.clients.Product.ReduceStocks(ctx, order.ID)
	})
}

func (o *Orders) Cancel(ctx context.Context, order *Order) error {
	return o.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Delete(order).Error; err != nil {
			return err
		}
		return o.clients.Product.ReleaseStocks(ctx, order.ID)
	})
}
