// Package checkout appends OrderPlaced and hands it to the publisher port;
// the port is implemented by an outbox row in the same transaction as the
// event (pgstore), and a relay publishes it: nothing to report.
package checkout

import (
	"context"

	"github.com/idemlint/idemlint/examples/good/dualwrite/domainports/domain"
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

// PlaceOrder records the order and queues its announcement.
func (s *Service) PlaceOrder(ctx context.Context, orderID string) error {
	placed := domain.Event{Type: "OrderPlaced", Payload: []byte(orderID)}
	if err := s.store.Append(ctx, orderID, placed); err != nil {
		return err
	}
	return s.pub.PublishEvent(ctx, "orders.placed", orderID, placed)
}
