// Package wallet freezes and releases trader funds at the wallet service
// over HTTP.
package wallet

import (
	"bytes"
	"net/http"
)

type HTTPWallet struct{ Addr string }

func (w *HTTPWallet) Release(orderID string) error {
	resp, err := http.Post("http://"+w.Addr+"/wallets/release", "application/json", bytes.NewBufferString(orderID))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
