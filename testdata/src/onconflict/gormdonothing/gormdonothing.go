// Package gormdonothing holds GORM dedup gates: Create with
// clause.OnConflict{DoNothing: true} succeeds on a duplicate with
// RowsAffected 0.
package gormdonothing

import (
	"context"
	"net/http"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Processed struct{ EventID string }

type Payment struct {
	ID      int
	OrderID string
}

// Bad: the claim's RowsAffected is never read; the payment is written again
// on every redelivery.
func HandleIgnored(db *gorm.DB, eventID, orderID string) error { // want HandleIgnored:"writes"
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Processed{EventID: eventID}).Error; err != nil { // want `GORM Create with clause.OnConflict\{DoNothing: true\} succeeds on a duplicate too .* before \(\*gorm\.DB\)\.Create writes at gormdonothing\.go:28`
		return err
	}
	return db.Create(&Payment{OrderID: orderID}).Error
}

// Bad: the result is kept, but only its Error is read; then an HTTP call.
func HandleErrorOnly(ctx context.Context, db *gorm.DB, eventID, url string) error { // want HandleErrorOnly:"writes"
	res := db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&Processed{EventID: eventID}) // want `GORM Create with clause.OnConflict\{DoNothing: true\}`
	if res.Error != nil {
		return res.Error
	}
	resp, err := http.Post(url, "text/plain", strings.NewReader(eventID))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Good: RowsAffected == 0 means already done.
func HandleChecked(db *gorm.DB, eventID, orderID string) error { // want HandleChecked:"writes"
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Processed{EventID: eventID})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return nil // a duplicate: already handled
	}
	return db.Create(&Payment{OrderID: orderID}).Error
}

// Good: RowsAffected read straight off the call.
func HandleInline(db *gorm.DB, eventID, orderID string) error { // want HandleInline:"writes"
	if db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Processed{EventID: eventID}).RowsAffected == 0 {
		return nil
	}
	return db.Create(&Payment{OrderID: orderID}).Error
}

// Good: a plain idempotent insert with nothing after it.
func Remember(db *gorm.DB, eventID string) error { // want Remember:"writes"
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Processed{EventID: eventID}).Error
}

// Good: an upsert (DO UPDATE) is no gate.
func Upsert(db *gorm.DB, p *Payment) error { // want Upsert:"writes"
	if err := db.Clauses(clause.OnConflict{UpdateAll: true}).Create(p).Error; err != nil {
		return err
	}
	return db.Create(&Processed{EventID: p.OrderID}).Error
}
