// Package gormcallback: a repository begins a GORM transaction, changes the
// order's status and runs a plain func() error its caller hands it before
// the commit; the use case's closure calls the wallet service over HTTP, so
// the call runs inside the transaction. A commit that fails after the
// wallet answered leaves the order pending with the funds already moved.
package gormcallback

import (
	"bytes"
	"net/http"

	"gorm.io/gorm"
)

// OrderRepo stores orders.
type OrderRepo struct{ DB *gorm.DB }

// ChangeStatus updates the order and runs walletFunc in the same
// transaction.
func (r *OrderRepo) ChangeStatus(orderID, status string, walletFunc func() error) error {
	tx := r.DB.Begin()
	if err := tx.Exec(`UPDATE orders SET status = ? WHERE id = ?`, status, orderID).Error; err != nil {
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

// Orders is the use case.
type Orders struct {
	Repo      *OrderRepo
	WalletURL string
}

// Approve completes the order and releases the trader's funds.
func (o *Orders) Approve(orderID string, release bool) error {
	var walletFunc func() error
	if release {
		walletFunc = func() error {
			resp, err := http.Post(o.WalletURL+"/release", "application/json", bytes.NewBufferString(orderID)) // want: httpintx
			if err != nil {
				return err
			}
			return resp.Body.Close()
		}
	}
	return o.Repo.ChangeStatus(orderID, "completed", walletFunc)
}
