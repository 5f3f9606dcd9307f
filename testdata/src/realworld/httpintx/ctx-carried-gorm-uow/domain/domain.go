// Package domain declares the ports of a ticket-order consumer (batch3 sweep):
// a unit of work that runs a function in one transaction, and a payment
// gateway that opens a hosted checkout.
package domain

import "context"

type UnitOfWork interface {
	Execute(ctx context.Context, fn func(ctx context.Context) error) error
}

type Gateway interface {
	CreateCheckout(orderID string, amount int64) (string, error)
}

type Orders interface {
	Save(ctx context.Context, orderID string) (bool, error)
}
