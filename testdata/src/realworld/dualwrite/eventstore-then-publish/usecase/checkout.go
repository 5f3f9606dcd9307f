// Package usecase appends OrderPlaced to the event store and then publishes
// it straight to Kafka: a crash or a broker error between the two leaves an
// order that is placed in the store and never announced (the command's offset
// is already committed). Both sides are ports of package domain wired only in
// cmd: nothing about them is known here, and the finding is reported in cmd.
package usecase

import (
	"context"

	"realworld/dualwrite/eventstore-then-publish/domain"
)

type OrderPlaced struct{ OrderID string }

type Checkout struct {
	store domain.EventStore
	bus   domain.Publisher
}

func New(store domain.EventStore, bus domain.Publisher) *Checkout {
	return &Checkout{store: store, bus: bus}
}

func (c *Checkout) PlaceOrder(ctx context.Context, orderID string) error { // want PlaceOrder:`pending\(usecase\.\(\*Checkout\)\.PlaceOrder at checkout\.go:30\)`
	placed := OrderPlaced{OrderID: orderID}
	if err := c.store.SaveEvents(ctx, orderID, []interface{}{placed}); err != nil {
		return err
	}
	return c.bus.PublishEvent(ctx, "orders.placed", orderID, placed) // reported where cmd wires the ports (main.go)
}
