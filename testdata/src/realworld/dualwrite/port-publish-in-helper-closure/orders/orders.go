// Package orders is the use case: it writes the order through its Storage
// port and then publishes the event through its Events port, once directly
// (Place) and once through a helper that wraps the publish in a closure and
// hands it to a coordinator waiting for the worker's acknowledgement, or
// calls it itself (PlaceAndWait; batch 5: an order API whose every write is
// followed by such a publish). Both are recorded as pending on the port
// (PlaceAndWait through its helper and the helper's closure) and reported
// at the wiring.
package orders

import "context"

type Storage interface {
	Create(ctx context.Context, id string) error
}

type Events interface {
	Publish(ctx context.Context, id string) error // want Publish:`pending\(orders.\(\*Service\).Place at orders.go:41; orders.\(\*Service\).PlaceAndWait at orders.go:50\)`
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

// PlaceAndWait writes and then publishes through a helper that hands the
// publish to the coordinator as a closure (or calls it when there is none).
func (s *Service) PlaceAndWait(ctx context.Context, id string) error {
	if err := s.st.Create(ctx, id); err != nil {
		return err
	}
	return s.publishAndWait(ctx, id)
}

func (s *Service) publishAndWait(ctx context.Context, id string) error {
	publish := func() error { return s.ev.Publish(ctx, id) }
	if s.coord == nil {
		return publish()
	}
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
