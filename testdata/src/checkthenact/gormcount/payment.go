// Package gormcount: a GORM count by order id, then a Create of a model
// without a unique index on that column, through a repository.
package gormcount

import (
	"net/http"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Payment struct {
	ID      uint
	OrderID int64
	IsPaid  bool
}

type PaymentRepository struct{ db *gorm.DB }

func (r *PaymentRepository) CountByOrderId(id int64) bool { // want CountByOrderId:`keyOps\(read payments\.order_id of p0\)`
	var count int64
	r.db.Model(&Payment{}).Where("order_id = ?", id).Count(&count)
	return count > 0
}

func (r *PaymentRepository) Save(p *Payment) error { // want Save:`keyOps\(insert payments of p0\.\*; writes: \(\*gorm\.DB\)\.Create\)`
	return r.db.Create(&p).Error
}

type OrderInfo struct{ id int64 }

func (o *OrderInfo) GetId() int64 { return o.id }

type Handler struct {
	payments *PaymentRepository
	hook     string
}

func (h *Handler) Callback(order *OrderInfo) { // want Callback:`keyOps\(read payments\.order_id of p0\.GetId\(\), insert payments\.order_id of p0\.GetId\(\); leaves: http\.Post; writes: gormcount\.\(\*PaymentRepository\)\.Save → \(\*gorm\.DB\)\.Create\)`
	if !h.payments.CountByOrderId(order.GetId()) {
		_ = h.payments.Save(&Payment{OrderID: order.GetId(), IsPaid: true}) // want `\(\*Handler\)\.Callback checks order\.GetId\(\) with gormcount\.\(\*PaymentRepository\)\.CountByOrderId → \(\*gorm\.DB\)\.Count \(line 40\) and inserts it later \(line 41\) without a claim: two concurrent retries both pass the check; the GORM model of payments has no unique index on order_id`
		_, _ = http.Post(h.hook, "application/json", nil)
	}
}

// Inline: First by a Where, then Create with OnConflict: a claim.
func Claimed(db *gorm.DB, orderID int64) error { // want Claimed:`keyOps\(read payments\.order_id of p1, claim payments\.order_id of p1; writes: \(\*gorm\.DB\)\.Create\)`
	var p Payment
	if db.Where("order_id = ?", orderID).First(&p).Error == nil {
		return nil
	}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Payment{OrderID: orderID}).Error
}
