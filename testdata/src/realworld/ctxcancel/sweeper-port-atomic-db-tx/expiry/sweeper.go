// Package expiry releases reservations that were never paid (batch 6 // want package:`pendingStops\(expiry.OrderRepository.FindExpiredReservations at sweeper.go:\d+; expiry.Compensator.Compensate at sweeper.go:\d+\)`
// sweep: the ticket booking service's stage 5 sweeper in its application
// layer). The sweep stops on its context, gets the expired orders through
// the OrderRepository port and hands each to the Compensator port; both
// are implemented by the postgres adapter, which does not import this
// package's callers, and wired in main. The implementation runs one
// transaction that locks the order, checks it, returns the tickets and
// marks it compensated: a cut rolls it all back and the next sweep
// selects the order again.
package expiry

import (
	"context"
	"errors"
	"log"
	"time"
)

var ErrNotEligible = errors.New("order not awaiting payment")

type Compensator interface {
	Compensate(ctx context.Context, orderID string) error
}

type ExpiredReservation struct {
	ID  string
	Age time.Duration
}

type OrderRepository interface {
	FindExpiredReservations(ctx context.Context, grace time.Duration, limit int) ([]ExpiredReservation, error)
}

type Sweeper struct {
	orders      OrderRepository
	compensator Compensator
}

func NewSweeper(orders OrderRepository, compensator Compensator) *Sweeper {
	return &Sweeper{orders: orders, compensator: compensator}
}

func (s *Sweeper) Sweep(ctx context.Context) {
	expired, err := s.orders.FindExpiredReservations(ctx, time.Minute, 100)
	if err != nil {
		log.Printf("find candidates: %v", err)
		return
	}
	for _, e := range expired {
		if ctx.Err() != nil {
			return
		}
		if err := s.compensator.Compensate(ctx, e.ID); err != nil {
			if errors.Is(err, ErrNotEligible) {
				continue
			}
			log.Printf("compensate %s: %v", e.ID, err)
		}
	}
}
