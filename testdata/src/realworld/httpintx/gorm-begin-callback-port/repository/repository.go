// Package repository implements the port on GORM: Begin, the status
// update, the caller's function, Commit.
package repository

import "gorm.io/gorm"

type OrderRepository struct{ DB *gorm.DB }

func NewOrderRepository(db *gorm.DB) *OrderRepository { return &OrderRepository{DB: db} }

func (r *OrderRepository) ProcessCriticalOperation(orderID, newStatus string, walletFunc func() error) error {
	tx := r.DB.Begin()
	if err := tx.Exec(`UPDATE orders SET status = ? WHERE id = ?`, newStatus, orderID).Error; err != nil {
		tx.Rollback()
		return err
	}
	if walletFunc != nil {
		if err := walletFunc(); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit().Error
}
