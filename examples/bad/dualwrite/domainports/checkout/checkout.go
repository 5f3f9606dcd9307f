// Package checkout appends OrderPlaced to the event store and then
// publishes it straight to the broker: a crash or a broker error between
// the two leaves an order that is placed and never announced. Both sides
// are ports of the domain package, wired only in cmd, where the dual
// write is reported.
package checkout

import (
	"context"

	"github.com/idemlint/idemlint/examples/bad/dualwrite/domainports/domain"
)

// Service places orders.
type Service struct {
	store domain.EventStore
	pub   domain.Publisher
}

// New builds the service on its ports.
func New(store domain.EventStore, pub domain.Publisher) *Service {
	return &Service{store: store, pub: pub}
}

// PlaceOrder records and announces a placed order.
func (s *Service) PlaceOrder(ctx context.Context, orderID string) error {
	placed := domain.Event{Type: "OrderPlaced", Payload: []byte(orderID)}
	if err := s.store.Append(ctx, orderID, placed); err != nil {
		return err
	}
	return s.pub.PublishEvent(ctx, "orders.placed", orderID, placed)
}
