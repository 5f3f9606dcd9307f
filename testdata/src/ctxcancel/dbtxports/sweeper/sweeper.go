// Package sweeper runs an expiry sweep that stops on its context: it gets // want package:`pendingStops\(sweeper.Repository.FindExpired at sweeper.go:\d+; sweeper.Compensator.Compensate at sweeper.go:\d+\)`
// the expired orders through a Repository port and hands each to a
// Compensator port; both are implemented in packages that do not import
// this one and wired in cmd.
package sweeper

import "context"

type Compensator interface {
	Compensate(ctx context.Context, id string) error
}

type Repository interface {
	FindExpired(ctx context.Context, limit int) ([]string, error)
}

type Sweeper struct {
	orders Repository
	comp   Compensator
}

func New(orders Repository, comp Compensator) *Sweeper { return &Sweeper{orders: orders, comp: comp} }

func (s *Sweeper) Sweep(ctx context.Context) {
	ids, err := s.orders.FindExpired(ctx, 100)
	if err != nil {
		return
	}
	for _, id := range ids {
		if ctx.Err() != nil {
			return
		}
		_ = s.comp.Compensate(ctx, id)
	}
}
