// Package usecase declares the interfaces it needs; their implementations
// live in adapter packages that import it, out of its sight.
package usecase

import (
	"context"

	"dualwrite/bus"
	"dualwrite/store"
)

// EventWriter is implemented by package adapter.
type EventWriter interface {
	OrderPlaced(ctx context.Context, id string) error // want OrderPlaced:`pending\(usecase\.\(\*Orders\)\.Place at usecase\.go:40\)`
}

// OrderRepo is implemented by package repoadapter.
type OrderRepo interface {
	Save(ctx context.Context, id string) error // want Save:`pending\(usecase\.\(\*Counter\)\.Take at usecase\.go:51\)`
}

// Logger has no implementation with a publish or a write anywhere.
type Logger interface {
	Info(msg string) // want Info:`pending\(usecase\.\(\*Orders\)\.Place at usecase\.go:39\)`
}

type Orders struct {
	items  *store.PgItems
	events EventWriter
	log    Logger
}

// Place writes through a concrete repository, then publishes through an
// interface implemented out of sight: the finding is completed by adapter.
func (o *Orders) Place(ctx context.Context, id string) error {
	if err := o.items.Add(ctx, store.Item{ID: id}); err != nil {
		return err
	}
	o.log.Info("placed")
	return o.events.OrderPlaced(ctx, id)
}

type Counter struct {
	repo OrderRepo
	pub  bus.Emitter
}

// Take writes through an interface implemented out of sight, then
// publishes through a known one: completed by repoadapter.
func (c *Counter) Take(ctx context.Context, id string) error {
	if err := c.repo.Save(ctx, id); err != nil {
		return err
	}
	return c.pub.Emit(ctx, "taken", []byte(id))
}
