// Package usecase holds the billing business operations.
package usecase

import (
	"context"

	"example.com/corpus/billing/internal/adapters/out/payment"
)

// Order is the part of an order billing needs.
type Order struct {
	ID           string
	CustomerID   string
	TotalKopecks int64
}

// OrderReader loads orders.
type OrderReader interface {
	FindByID(ctx context.Context, id string) (Order, error)
}

// PaymentGateway charges customers.
type PaymentGateway interface {
	Charge(ctx context.Context, cmd payment.ChargeCommand) (payment.Receipt, error)
}
