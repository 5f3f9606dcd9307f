// Package services wraps the repository behind interfaces, as idprm's
// go-payment does: handler → IPaymentService → IPaymentRepository → GORM.
package services

import "gorm.io/gorm"

type Payment struct {
	ID      uint
	OrderID int64
	IsPaid  bool
}

type IPaymentRepository interface {
	CountByOrderId(id int64) (int64, error)
	Save(p *Payment) (*Payment, error)
}

type paymentRepository struct{ db *gorm.DB }

func NewPaymentRepository(db *gorm.DB) IPaymentRepository { return &paymentRepository{db} }

func (r *paymentRepository) CountByOrderId(id int64) (int64, error) { // want CountByOrderId:`keyOps\(read payments\.order_id of p0\)`
	var count int64
	err := r.db.Model(&Payment{}).Where("order_id = ?", id).Count(&count).Error
	return count, err
}

func (r *paymentRepository) Save(p *Payment) (*Payment, error) { // want Save:`keyOps\(insert payments of p0\.\*; writes: \(\*gorm\.DB\)\.Create\)`
	err := r.db.Create(&p).Error
	return p, err
}

type IPaymentService interface {
	CountByOrderId(id int) bool
	Save(p *Payment) (*Payment, error)
}

type PaymentService struct{ repo IPaymentRepository }

func (s *PaymentService) CountByOrderId(id int) bool { // want CountByOrderId:`keyOps\(read payments\.order_id of p0\)`
	n, _ := s.repo.CountByOrderId(int64(id))
	return n > 0
}

func (s *PaymentService) Save(p *Payment) (*Payment, error) { return s.repo.Save(p) } // want Save:`keyOps\(insert payments of p0\.\*; writes: services\.IPaymentRepository\.Save → \(\*gorm\.DB\)\.Create\)`
