// Package gormctx holds GORM transactions whose handle carries the
// shutdown context through db.WithContext(ctx).
package gormctx

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Order struct {
	ID     int
	Status string
}

// Bad: a transaction begun on the handle commits under the stop loop's ctx.
func Archive(ctx context.Context, db *gorm.DB, next func() *Order) {
	for ctx.Err() == nil {
		tx := db.WithContext(ctx).Begin() // want `ctx is cancelled on shutdown \(stop signal ctx.Err\(\) at gormctx.go:20\) and reaches .*WithContext → .*Commit`
		tx.Delete(next())
		tx.Create(&Order{Status: "archived"})
		tx.Commit()
	}
}

// Bad: Transaction commits after its callback, under ctx; in a helper.
func ship(ctx context.Context, db *gorm.DB, id int) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at gormctx.go:41, via Ship\) and reaches db.WithContext → db.Transaction`
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

type ProcessedEvent struct {
	EventID string `gorm:"primaryKey"`
}

// Deposits applies each event in one transaction on the stop loop's ctx.
func Deposits(ctx context.Context, db *gorm.DB, next func() string) {
	for ctx.Err() == nil {
		id := next()
		_ = depositGated(ctx, db, id)
		_ = depositPlainCreate(ctx, db, id)
		_ = depositUnchecked(ctx, db, id)
	}
}

// Good: inbox-gated. The transaction claims the event id with ON CONFLICT
// DO NOTHING and skips on RowsAffected 0: a cut commit rolls the claim back
// with the credit, the redelivery replays both.
func depositGated(ctx context.Context, db *gorm.DB, id string) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ProcessedEvent{EventID: id})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Create(&Order{Status: "credited"}).Error
	})
}

// Bad: a plain Create fails on a duplicate instead of skipping: no claim.
func depositPlainCreate(ctx context.Context, db *gorm.DB, id string) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { // want `ctx is cancelled on shutdown \(stop signal ctx.Err\(\) at gormctx.go:85, via Deposits\) and reaches db.WithContext → db.Transaction`
		res := tx.Create(&ProcessedEvent{EventID: id})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Create(&Order{Status: "credited"}).Error
	})
}

// Bad: DO NOTHING, but only the error is checked: a duplicate (no error,
// RowsAffected 0) credits again.
func depositUnchecked(ctx context.Context, db *gorm.DB, id string) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { // want `ctx is cancelled on shutdown \(stop signal ctx.Err\(\) at gormctx.go:85, via Deposits\) and reaches db.WithContext → db.Transaction`
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ProcessedEvent{EventID: id}).Error; err != nil {
			return err
		}
		return tx.Create(&Order{Status: "credited"}).Error
	})
}
