// Package wiring registers the process manager's handlers with the router,
// as a service's message package does: the handlers are found in their
// own package by their shape (see manager).
package wiring

import (
	"github.com/ThreeDotsLabs/watermill/components/cqrs"

	"uuidinretry/cqrs/manager"
)

func Register(ep *cqrs.EventProcessor, gp *cqrs.EventGroupProcessor, m manager.Manager) error {
	if err := ep.AddHandlers(cqrs.NewEventHandler("manager.OnBookingMade", m.OnBookingMade)); err != nil {
		return err
	}
	return gp.AddHandlersGroup("bookings", cqrs.NewGroupEventHandler(m.OnBookingFailed))
}
