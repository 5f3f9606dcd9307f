// Package usecase hands the repository's transaction an HTTP wallet call as
// a plain closure: written in the call, kept in a local first, set in a
// branch, or a method value.
package usecase

import (
	"bytes"
	"net/http"

	"httpintx/gormcallback/repo"
)

type Wallet struct{ Addr string }

func (w *Wallet) Freeze(id string) error {
	resp, err := http.Post("http://"+w.Addr+"/freeze", "application/json", bytes.NewBufferString(id))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type Orders struct {
	repo   *repo.Orders
	wallet *Wallet
	id     string
}

func (o *Orders) Direct(id string) error {
	return o.repo.ChangeStatus(id, "frozen", func() error {
		return o.wallet.Freeze(id) // want `HTTP call usecase\.\(\*Wallet\)\.Freeze → http\.Post inside the transaction that repo\.\(\*Orders\)\.ChangeStatus begins at repo\.go:12`
	})
}

func (o *Orders) Local(id string) error {
	freeze := func() error {
		return o.wallet.Freeze(id) // want `inside the transaction that repo\.\(\*Orders\)\.ChangeStatus begins`
	}
	return o.repo.ChangeStatus(id, "frozen", freeze)
}

// The closure is set in one branch only (nil otherwise).
func (o *Orders) Branch(id string, freezeToo bool) error {
	var walletFunc func() error
	if freezeToo {
		walletFunc = func() error {
			return o.wallet.Freeze(id) // want `inside the transaction that repo\.\(\*Orders\)\.ChangeStatus begins`
		}
	}
	return o.repo.ChangeStatus(id, "frozen", walletFunc)
}

func (o *Orders) freeze() error {
	return o.wallet.Freeze(o.id) // want `inside the transaction that repo\.\(\*Orders\)\.ChangeStatus begins`
}

func (o *Orders) MethodValue() error {
	f := o.freeze
	return o.repo.ChangeStatus(o.id, "frozen", f)
}

// Good: the wallet call runs after the commit.
func (o *Orders) After(id string) error {
	freeze := func() error { return o.wallet.Freeze(id) }
	return o.repo.ChangeStatusThen(id, "frozen", freeze)
}

// Good: a closure kept in a local and called directly, outside any
// transaction; the repository gets no callback.
func (o *Orders) Outside(id string) error {
	freeze := func() error { return o.wallet.Freeze(id) }
	if err := o.repo.ChangeStatus(id, "frozen", nil); err != nil {
		return err
	}
	return freeze()
}
