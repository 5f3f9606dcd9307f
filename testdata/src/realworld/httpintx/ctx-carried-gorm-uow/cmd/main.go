// want package:`wired\(1\)`
// Package cmd is the composition root: the only place where the ports meet their implementations.
package cmd

import (
	"realworld/httpintx/ctx-carried-gorm-uow/checkout"
	"realworld/httpintx/ctx-carried-gorm-uow/gateway"
	"realworld/httpintx/ctx-carried-gorm-uow/persistence"
)

func Wire() *checkout.ProcessOrder {
	return checkout.New(&persistence.UnitOfWork{}, &persistence.Orders{}, &gateway.Provider{}) // want `HTTP call domain\.Gateway\.CreateCheckout → .*\(\*http\.Client\)\.Do in checkout\.\(\*ProcessOrder\)\.Execute \(checkout\.go:29\) runs inside the transaction that persistence\.\(\*UnitOfWork\)\.Execute begins at persistence\.go:16 for the callback passed to domain\.UnitOfWork\.Execute \(checkout\.go:24\), wired here`
}
