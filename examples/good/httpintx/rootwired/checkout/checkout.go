// Package checkout reserves the order in the unit of work and opens the
// provider's checkout after the commit, with the order ID as the
// provider's idempotency key: no transaction waits on the provider, and a
// redelivery after a lost answer gets the same session back.
package checkout

import (
	"context"

	"github.com/idemlint/idemlint/examples/good/httpintx/rootwired/domain"
)

// Service is the checkout use case.
type Service struct {
	uow     domain.UnitOfWork
	orders  domain.Orders
	gateway domain.PaymentGateway
}

// New builds the use case on its ports.
func New(uow domain.UnitOfWork, orders domain.Orders, gateway domain.PaymentGateway) *Service {
	return &Service{uow: uow, orders: orders, gateway: gateway}
}

// Checkout reserves the order, commits, then opens the checkout session.
func (s *Service) Checkout(ctx context.Context, orderID string, amount int64) (string, error) {
	if err := s.uow.Execute(ctx, func(ctx context.Context) error {
		return s.orders.Reserve(ctx, orderID)
	}); err != nil {
		return "", err
	}
	return s.gateway.CreateCheckout(ctx, orderID, amount)
}
