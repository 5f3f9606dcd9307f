// Package usecase places payments through two ports it declares. The
// composition root (app) implements the events port with an outbox row
// written in the payment's transaction, so nothing is published here and
// a relay publishes later: no dual write.
package usecase

import "context"

// Payments stores payments.
type Payments interface {
	Insert(ctx context.Context, id string, amount int64) error
}

// Events records payment events.
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

// Pay writes the payment, then records PaymentPlaced.
func (s *Service) Pay(ctx context.Context, id string, amount int64) error {
	if err := s.payments.Insert(ctx, id, amount); err != nil {
		return err
	}
	return s.events.Publish(ctx, id, []byte(`{"type":"PaymentPlaced"}`))
}
