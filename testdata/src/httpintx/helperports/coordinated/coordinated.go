// want package:`pending\(coordinated\.\(\*Service\)\.Pay at coordinated\.go:27; coordinated\.\(\*Service\)\.Pay at coordinated\.go:27; coordinated\.\(\*Service\)\.chargeVia at coordinated\.go:32\)`

// Package coordinated charges, inside the unit of work's callback, through
// a helper that hands the gateway call, as a closure, to the coordinator
// port: the call runs in the transaction only if the coordinator wired runs
// the closure before it returns.
package coordinated

import (
	"context"

	"httpintx/helperports/domain"
)

type Service struct {
	uow   domain.UnitOfWork
	gw    domain.Gateway
	coord domain.Coordinator
}

func New(uow domain.UnitOfWork, gw domain.Gateway, coord domain.Coordinator) *Service {
	return &Service{uow: uow, gw: gw, coord: coord}
}

func (s *Service) Pay(ctx context.Context, id string) error {
	return s.uow.Execute(ctx, func(ctx context.Context) error {
		return s.chargeVia(ctx, id)
	})
}

func (s *Service) chargeVia(ctx context.Context, id string) error {
	return s.coord.Run(ctx, func() error { return s.gw.Charge(ctx, id) })
}
