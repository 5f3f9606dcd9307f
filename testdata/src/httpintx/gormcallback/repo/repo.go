// Package repo begins GORM transactions by hand and runs a plain func()
// error its caller hands it: between Begin and Commit (the callback runs in
// the transaction) or after Commit (it does not).
package repo

import "gorm.io/gorm"

type Orders struct{ DB *gorm.DB }

// ChangeStatus runs sideEffect inside the transaction.
func (r *Orders) ChangeStatus(id, status string, sideEffect func() error) error {
	tx := r.DB.Begin()
	if err := tx.Exec(`UPDATE orders SET status = ? WHERE id = ?`, status, id).Error; err != nil {
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

// ChangeStatusThen runs after once the transaction has committed.
func (r *Orders) ChangeStatusThen(id, status string, after func() error) error {
	tx := r.DB.Begin()
	if err := tx.Exec(`UPDATE orders SET status = ? WHERE id = ?`, status, id).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit().Error; err != nil {
		return err
	}
	return after()
}
