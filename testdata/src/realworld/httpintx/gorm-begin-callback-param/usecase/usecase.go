// Package usecase releases the trader's funds through an HTTP wallet service
// in a closure that the repository runs between its Begin and Commit: a slow
// or retried wallet call holds the row lock, and a commit that fails after a
// successful release leaves the order pending with the money already moved,
// so the next approval releases it again.
package usecase

import (
	"bytes"
	"net/http"

	"realworld/httpintx/gorm-begin-callback-param/repo"
)

type WalletClient struct{ Addr string }

func (w *WalletClient) Release(orderID string) error {
	resp, err := http.Post("http://"+w.Addr+"/wallets/release", "application/json", bytes.NewBufferString(orderID))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type Orders struct {
	repo   *repo.OrderRepo
	wallet *WalletClient
}

func (o *Orders) Approve(orderID string) error {
	release := func() error {
		return o.wallet.Release(orderID) // want `inside the transaction`
	}
	return o.repo.ChangeStatusWith(orderID, "completed", release)
}

// Good: the wallet call after the status change has committed.
func (o *Orders) ApproveThenRelease(orderID string) error {
	if err := o.repo.ChangeStatusWith(orderID, "completed", nil); err != nil {
		return err
	}
	return o.wallet.Release(orderID)
}
