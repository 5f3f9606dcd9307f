// Package repo begins a GORM transaction by hand, changes the order's status
// and, before the commit, runs a func() error the use case hands it (batch3
// sweep: an order service whose wallet freeze/release is that callback). The
// callback's work is inside the transaction although nothing in this package
// makes a network call.
package repo

import "gorm.io/gorm"

type OrderRepo struct{ DB *gorm.DB }

func (r *OrderRepo) ChangeStatusWith(orderID, status string, sideEffect func() error) error {
	tx := r.DB.Begin()
	if err := tx.Exec(`UPDATE orders SET status = ? WHERE id = ?`, status, orderID).Error; err != nil {
		tx.Rollback()
		return err
	}
	if sideEffect != nil {
		if err := sideEffect(); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit().Error
}
