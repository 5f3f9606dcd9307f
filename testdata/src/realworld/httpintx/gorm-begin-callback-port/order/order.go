// want package:`pending\(order\.\(\*Usecase\)\.processCriticalOperations at order\.go:35\)`

// Package order is the use case: it knows the wallet client (a concrete
// type) but reaches the repository only through the domain port, whose GORM
// implementation it does not import. The wallet call is kept in a local
// func set in a branch and handed to the repository, which runs it between
// its Begin and Commit: a commit that fails after the release leaves the
// order pending with the funds moved, and the retry releases again.
package order

import (
	"realworld/httpintx/gorm-begin-callback-port/domain"
	"realworld/httpintx/gorm-begin-callback-port/wallet"
)

type Usecase struct {
	Repo   domain.OrderRepository
	Wallet *wallet.HTTPWallet
}

func NewUsecase(repo domain.OrderRepository, w *wallet.HTTPWallet) *Usecase {
	return &Usecase{Repo: repo, Wallet: w}
}

type Operation struct {
	OrderID string
	Status  string
	Release bool
}

func (uc *Usecase) processCriticalOperations(op *Operation) error {
	var walletFunc func() error
	if op.Release {
		walletFunc = func() error {
			return uc.Wallet.Release(op.OrderID)
		}
	}
	return uc.Repo.ProcessCriticalOperation(op.OrderID, op.Status, walletFunc)
}

func (uc *Usecase) Approve(orderID string) error {
	return uc.processCriticalOperations(&Operation{OrderID: orderID, Status: "completed", Release: true})
}
