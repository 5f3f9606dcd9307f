// Package gormctx holds GORM writers whose handle carries the shutdown
// context through db.WithContext(ctx).
package gormctx

import (
	"context"
	"time"

	"gorm.io/gorm"
)

type Order struct {
	ID     int
	Status string
}

// Bad: the stop loop's ctx reaches the Create through WithContext.
func Sweep(ctx context.Context, db *gorm.DB, next func() *Order) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		db.WithContext(ctx).Create(next()) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at gormctx.go:21\) and reaches .*WithContext → .*Create`
	}
}

// Bad: through a chain (Where, Model) to Updates, in a helper.
func markShipped(ctx context.Context, db *gorm.DB, id int) error { // want markShipped:"reachesSink p0:db.WithContext→db.Updates"
	return db.WithContext(ctx).Model(&Order{}).Where("id = ?", id).Updates(map[string]any{"status": "shipped"}).Error
}

func Ship(ctx context.Context, db *gorm.DB, ids func() []int) {
	for ctx.Err() == nil {
		for _, id := range ids() {
			_ = markShipped(ctx, db, id) // want `ctx is cancelled on shutdown .* and reaches markShipped → .*WithContext → .*Updates`
		}
	}
}

// Bad: a transaction begun on the handle deletes and commits under ctx.
func Archive(ctx context.Context, db *gorm.DB, next func() *Order) {
	for ctx.Err() == nil {
		tx := db.WithContext(ctx).Begin() // want `ctx is cancelled on shutdown .* and reaches .*WithContext → .*Delete`
		tx.Delete(next())
		tx.Commit()
	}
}

// Good: a handle only read from.
func Count(ctx context.Context, db *gorm.DB, out chan<- int64) {
	for ctx.Err() == nil {
		var n int64
		db.WithContext(ctx).Model(&Order{}).Count(&n)
		out <- n
	}
}

// Good: the write gets a detached context with a deadline.
func SweepDetached(ctx context.Context, db *gorm.DB, next func() *Order) {
	for ctx.Err() == nil {
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		db.WithContext(wctx).Create(next())
		cancel()
	}
}
