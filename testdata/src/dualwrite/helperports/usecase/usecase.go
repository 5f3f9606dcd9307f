// want package:`pendingPorts\(domain.Events.Publish: usecase.\(\*Service\).PlaceHelper at usecase.go:31 usecase.\(\*Service\).PlaceClosure at usecase.go:45 usecase.\(\*Service\).PlaceRetried at usecase.go:54\)`

// Package usecase writes through the repository port and then publishes
// through the events port, not directly but through its own helpers and
// closures: whether that is a dual write depends on the implementations,
// known only where they are wired.
package usecase

import (
	"context"
	"log"

	"dualwrite/helperports/domain"
)

type Service struct {
	orders domain.Orders
	events domain.Events
}

func New(orders domain.Orders, events domain.Events) *Service {
	return &Service{orders: orders, events: events}
}

// PlaceHelper: bad where the ports write and publish; the publish is in a
// helper method of the same type.
func (s *Service) PlaceHelper(ctx context.Context, id string) error {
	if err := s.orders.Create(ctx, id); err != nil {
		return err
	}
	return s.announce(ctx, id)
}

func (s *Service) announce(ctx context.Context, id string) error {
	return s.events.Publish(ctx, "orders.placed", id)
}

// PlaceClosure: bad; the publish is in a closure kept in a local and
// called in place.
func (s *Service) PlaceClosure(ctx context.Context, id string) error {
	publish := func() error { return s.events.Publish(ctx, "orders.placed", id) }
	if err := s.orders.Create(ctx, id); err != nil {
		return err
	}
	return publish()
}

// PlaceRetried: bad; the closure goes to a retry helper of the package,
// which calls it before it returns.
func (s *Service) PlaceRetried(ctx context.Context, id string) error {
	if err := s.orders.Create(ctx, id); err != nil {
		return err
	}
	return retry(3, func() error { return s.events.Publish(ctx, "orders.placed", id) })
}

func retry(n int, fn func() error) error {
	var err error
	for range n {
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}

// PlaceLogged: correct; the helper after the write publishes nothing.
func (s *Service) PlaceLogged(ctx context.Context, id string) error {
	if err := s.orders.Create(ctx, id); err != nil {
		return err
	}
	return s.logPlaced(id)
}

func (s *Service) logPlaced(id string) error {
	log.Printf("order %s placed", id)
	return nil
}

// PlaceLater: correct here; the helper only builds the publish and hands
// it back, and the caller never calls it.
func (s *Service) PlaceLater(ctx context.Context, id string) (func() error, error) {
	if err := s.orders.Create(ctx, id); err != nil {
		return nil, err
	}
	return s.publisher(ctx, id), nil
}

func (s *Service) publisher(ctx context.Context, id string) func() error {
	return func() error { return s.events.Publish(ctx, "orders.placed", id) }
}
