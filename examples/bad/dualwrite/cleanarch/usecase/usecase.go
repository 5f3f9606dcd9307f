// Package usecase places payments through two ports it declares; the
// adapters that implement them (pgrepo, kafkapub) do not import it, so
// only the composition root (app) sees the dual write: the payment row is
// written and the event published with no outbox.
package usecase

import "context"

// Payments stores payments.
type Payments interface {
	Insert(ctx context.Context, id string, amount int64) error
}

// Events publishes payment events.
type Events interface {
	Publish(ctx context.Context, key string, body []byte) error
}

// Service places payments.
type Service struct {
	payments Payments
	events   Events
}

// New builds the service on its ports.
func New(payments Payments, events Events) *Service {
	return &Service{payments: payments, events: events}
}

// Pay writes the payment, then publishes PaymentPlaced.
func (s *Service) Pay(ctx context.Context, id string, amount int64) error {
	if err := s.payments.Insert(ctx, id, amount); err != nil {
		return err
	}
	return s.events.Publish(ctx, id, []byte(`{"type":"PaymentPlaced"}`))
}
