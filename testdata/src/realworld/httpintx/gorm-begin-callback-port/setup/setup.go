// want package:`wired\(1\)`

// Package setup is the composition root: the repositories are built in a
// struct of dependencies, then handed to the use cases.
package setup

import (
	"gorm.io/gorm"

	"realworld/httpintx/gorm-begin-callback-port/domain"
	"realworld/httpintx/gorm-begin-callback-port/order"
	"realworld/httpintx/gorm-begin-callback-port/repository"
	"realworld/httpintx/gorm-begin-callback-port/wallet"
)

type Repositories struct {
	OrderRepo domain.OrderRepository
}

func NewRepositories(db *gorm.DB) *Repositories {
	return &Repositories{OrderRepo: repository.NewOrderRepository(db)}
}

func Usecases(deps *Repositories, walletAddr string) *order.Usecase {
	return order.NewUsecase(deps.OrderRepo, &wallet.HTTPWallet{Addr: walletAddr}) // want `HTTP call wallet\.\(\*HTTPWallet\)\.Release → http\.Post in order\.\(\*Usecase\)\.processCriticalOperations \(order\.go:35\) runs inside the transaction that repository\.\(\*OrderRepository\)\.ProcessCriticalOperation begins at repository\.go:12 for the callback passed to domain\.OrderRepository\.ProcessCriticalOperation \(order\.go:38\), wired here`
}
