// Package domain declares the ports of a ticket checkout: the use case
// sees only these interfaces.
package domain

import "context"

// UnitOfWork runs fn in one transaction, carried in its context.
type UnitOfWork interface {
	Execute(ctx context.Context, fn func(ctx context.Context) error) error
}

// Orders stores orders.
type Orders interface {
	Reserve(ctx context.Context, orderID string) error
}

// PaymentGateway opens a hosted checkout at the payment provider.
type PaymentGateway interface {
	CreateCheckout(ctx context.Context, orderID string, amount int64) (string, error)
}
