// Package gormctx holds GORM transactions whose handle carries the
// shutdown context through db.WithContext(ctx).
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

// Bad: a transaction begun on the handle commits under the stop loop's ctx.
func Archive(ctx context.Context, db *gorm.DB, next func() *Order) {
	for ctx.Err() == nil {
		tx := db.WithContext(ctx).Begin() // want `ctx is cancelled on shutdown \(stop signal ctx.Err\(\) at gormctx.go:19\) and reaches .*WithContext → .*Commit`
		tx.Delete(next())
		tx.Create(&Order{Status: "archived"})
		tx.Commit()
	}
}

// Bad: Transaction commits after its callback, under ctx; in a helper.
func ship(ctx context.Context, db *gorm.DB, id int) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at gormctx.go:40, via Ship\) and reaches db.WithContext → db.Transaction`
		if err := tx.Model(&Order{}).Where("id = ?", id).Updates(map[string]any{"status": "shipped"}).Error; err != nil {
			return err
		}
		return tx.Create(&Order{ID: id, Status: "audit"}).Error
	})
}

func Ship(ctx context.Context, db *gorm.DB, ids func() []int) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		for _, id := range ids() {
			_ = ship(ctx, db, id)
		}
	}
}

// Good: a single auto-committed write, like pgx's Exec, fails whole and is
// done again.
func Sweep(ctx context.Context, db *gorm.DB, next func() *Order) {
	for ctx.Err() == nil {
		db.WithContext(ctx).Model(&Order{}).Where("id = ?", next().ID).Updates(map[string]any{"status": "swept"})
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

// Good: the transaction gets a detached context with a deadline.
func ArchiveDetached(ctx context.Context, db *gorm.DB, next func() *Order) {
	for ctx.Err() == nil {
		tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		tx := db.WithContext(tctx).Begin()
		tx.Delete(next())
		tx.Commit()
		cancel()
	}
}
