// want package:`pendingPorts\(domain.Publisher.Publish: usecase.\(\*Service\).Transfer at usecase.go:30 usecase.\(\*Service\).Schedule at usecase.go:41\)`

// Package usecase writes through the store port inside a callback it hands
// to another port of the store, then publishes: whether the callback runs
// before the publish depends on the store's implementation.
package usecase

import (
	"context"

	"dualwrite/callbackports/domain"
)

type Service struct {
	store domain.Store
	pub   domain.Publisher
}

func New(store domain.Store, pub domain.Publisher) *Service {
	return &Service{store: store, pub: pub}
}

// Transfer saves in the store's transaction, then publishes.
func (s *Service) Transfer(ctx context.Context, id string) error {
	if err := s.store.WithTx(ctx, func(ctx context.Context) error {
		return s.store.Save(ctx, id)
	}); err != nil {
		return err
	}
	return s.pub.Publish(ctx, "transfers", []byte(id))
}

// Schedule registers a save that runs later (OnIdle keeps the callback):
// the publish does not follow a write.
func (s *Service) Schedule(ctx context.Context, id string) error {
	if err := s.store.OnIdle(ctx, func(ctx context.Context) error {
		return s.store.Save(ctx, id)
	}); err != nil {
		return err
	}
	return s.pub.Publish(ctx, "scheduled", []byte(id))
}
