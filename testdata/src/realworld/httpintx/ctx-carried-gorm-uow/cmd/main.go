// Package cmd is the composition root: the only place where the ports meet
// their implementations.
package cmd

import (
	"realworld/httpintx/ctx-carried-gorm-uow/checkout"
	"realworld/httpintx/ctx-carried-gorm-uow/gateway"
	"realworld/httpintx/ctx-carried-gorm-uow/persistence"
)

func Wire() *checkout.ProcessOrder {
	return checkout.New(&persistence.UnitOfWork{}, &persistence.Orders{}, &gateway.Provider{})
}
