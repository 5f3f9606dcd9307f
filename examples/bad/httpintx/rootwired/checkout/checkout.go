// Package checkout reserves the order and opens the provider's checkout in
// one unit of work, so that no reservation is ever left without a
// checkout — at the cost of a writing transaction held open for the
// provider's round trip: a commit that fails after the provider answered
// leaves a session with no row, and the redelivery opens a second one.
// It imports no adapter: only the wiring in cmd/worker shows both the
// transaction and the HTTP call.
package checkout

import (
	"context"

	"github.com/idemlint/idemlint/examples/bad/httpintx/rootwired/domain"
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

// Checkout reserves the order and opens the checkout session.
func (s *Service) Checkout(ctx context.Context, orderID string, amount int64) (string, error) {
	var url string
	err := s.uow.Execute(ctx, func(ctx context.Context) error {
		if err := s.orders.Reserve(ctx, orderID); err != nil {
			return err
		}
		var err error
		url, err = s.gateway.CreateCheckout(ctx, orderID, amount)
		return err
	})
	return url, err
}
