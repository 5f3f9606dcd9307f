// Package persistence implements the unit of work and the orders on GORM:
// the transaction travels to the repositories in the context.
package persistence

import (
	"context"

	"gorm.io/gorm"
)

type txKey struct{}

// UnitOfWork runs a function in a GORM transaction.
type UnitOfWork struct{ db *gorm.DB }

// NewUnitOfWork returns the unit of work on db.
func NewUnitOfWork(db *gorm.DB) *UnitOfWork { return &UnitOfWork{db: db} }

// Execute implements domain.UnitOfWork.
func (u *UnitOfWork) Execute(ctx context.Context, fn func(ctx context.Context) error) error {
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

func conn(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx
	}
	return db.WithContext(ctx)
}

// Orders stores orders.
type Orders struct{ db *gorm.DB }

// NewOrders returns the orders on db.
func NewOrders(db *gorm.DB) *Orders { return &Orders{db: db} }

// Reserve implements domain.Orders.
func (o *Orders) Reserve(ctx context.Context, orderID string) error {
	return conn(ctx, o.db).Exec(`UPDATE orders SET status = 'reserved' WHERE id = ?`, orderID).Error
}
