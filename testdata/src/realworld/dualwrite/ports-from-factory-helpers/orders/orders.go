// Package orders is the use case: it writes the order through its Storage
// port and then publishes the event through its Events port, once directly
// and once through a closure handed to a coordinator that waits for the
// worker's acknowledgement (batch 5: an order API whose adapters are built
// by bootstrap helpers that return the port types).
package orders

import "context"

type Storage interface {
	Create(ctx context.Context, id string) error
}

type Events interface {
	Publish(ctx context.Context, id string) error
}

// Coordinator runs the publish and waits for the acknowledgement.
type Coordinator interface {
	PublishAndWait(ctx context.Context, id string, publish func() error) error
}

type Service struct {
	st    Storage
	ev    Events
	coord Coordinator
}

func New(st Storage, ev Events) *Service {
	return &Service{st: st, ev: ev, coord: waiter{}}
}

// Place writes and then publishes directly.
func (s *Service) Place(ctx context.Context, id string) error {
	if err := s.st.Create(ctx, id); err != nil {
		return err
	}
	return s.ev.Publish(ctx, id)
}

// PlaceAndWait writes and then publishes through the coordinator.
func (s *Service) PlaceAndWait(ctx context.Context, id string) error {
	if err := s.st.Create(ctx, id); err != nil {
		return err
	}
	publish := func() error { return s.ev.Publish(ctx, id) }
	return s.coord.PublishAndWait(ctx, id, publish)
}

type waiter struct{}

func (waiter) PublishAndWait(ctx context.Context, id string, publish func() error) error {
	if err := publish(); err != nil {
		return err
	}
	<-ctx.Done()
	return nil
}
