// want package:`pendingPorts\(domain.Events.Publish: coordinated.\(\*Service\).Place at coordinated.go:28\)`

// Package coordinated publishes through a helper that hands the publish,
// as a closure, to the coordinator port: the publish runs during the call
// only if the coordinator wired runs the closure before it returns.
package coordinated

import (
	"context"

	"dualwrite/helperports/domain"
)

type Service struct {
	orders domain.Orders
	events domain.Events
	coord  domain.Coordinator
}

func New(orders domain.Orders, events domain.Events, coord domain.Coordinator) *Service {
	return &Service{orders: orders, events: events, coord: coord}
}

func (s *Service) Place(ctx context.Context, id string) error {
	if err := s.orders.Create(ctx, id); err != nil {
		return err
	}
	return s.publish(ctx, id)
}

func (s *Service) publish(ctx context.Context, id string) error {
	return s.coord.Run(ctx, func() error { return s.events.Publish(ctx, "orders.placed", id) })
}
