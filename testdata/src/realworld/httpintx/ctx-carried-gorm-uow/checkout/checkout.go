// want package:`pending\(checkout\.\(\*ProcessOrder\)\.Execute at checkout\.go:25; checkout\.\(\*ProcessOrder\)\.Execute at checkout\.go:29\)`
// Package checkout handles one order message: inside the unit of work it saves the order and then opens the checkout at the provider, on purpose
// ("so a crash never leaves an order without a charge"), at the cost of a
// writing transaction held open for the provider's round trip; a commit that
// fails after the provider answered leaves a session with no row, and the
// redelivery opens a second one.
package checkout

import (
	"context"

	"realworld/httpintx/ctx-carried-gorm-uow/domain"
)

// ProcessOrder sees only the ports; the implementations are wired in
// package cmd, which this package does not import.
type ProcessOrder struct {
	uow    domain.UnitOfWork
	orders domain.Orders
	gw     domain.Gateway
}

func (p *ProcessOrder) Execute(ctx context.Context, orderID string, amount int64) error {
	return p.uow.Execute(ctx, func(ctx context.Context) error {
		created, err := p.orders.Save(ctx, orderID)
		if err != nil || !created {
			return err
		}
		_, err = p.gw.CreateCheckout(orderID, amount)
		return err
	})
}

func New(uow domain.UnitOfWork, orders domain.Orders, gw domain.Gateway) *ProcessOrder {
	return &ProcessOrder{uow: uow, orders: orders, gw: gw}
}
