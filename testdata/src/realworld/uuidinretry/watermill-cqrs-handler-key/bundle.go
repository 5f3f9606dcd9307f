// Package bundle is the process manager of a "VIP bundle" (batch 7 sweep: a
// ticketing service built on watermill's CQRS component). Its event handlers
// are typed functions registered with cqrs.NewEventHandler: the router hands
// them the decoded event and acks the message only when they return nil, so
// each runs again on a redelivery. OnBookingMade records the booking and
// sends the BookFlight command with an idempotency key made by
// uuid.NewString: when the send fails after the update, or the process dies
// before the ack, the redelivered event sends a second BookFlight under a new
// key and the flight is booked twice. The key has to come from the event (or
// the bundle), as OnFlightBooked does.
package bundle

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/components/cqrs"
	"github.com/google/uuid"
)

type BookingMade struct {
	BookingID string
}

type FlightBooked struct {
	ReferenceID string
	FlightID    string
}

type BookFlight struct {
	FlightID       string
	ReferenceID    string
	IdempotencyKey string
}

type Bundle struct {
	ID            string
	InboundFlight string
	ReturnFlight  string
}

type Repository interface {
	MarkBookingMade(ctx context.Context, bookingID string) (Bundle, error)
	MarkFlightBooked(ctx context.Context, bundleID, flightID string) (Bundle, error)
}

type ProcessManager struct {
	commandBus *cqrs.CommandBus
	repo       Repository
}

func (p ProcessManager) OnBookingMade(ctx context.Context, event *BookingMade) error { // want OnBookingMade:`makesFreshID\(uuid\.NewString\)`
	b, err := p.repo.MarkBookingMade(ctx, event.BookingID)
	if err != nil {
		return err
	}
	return p.commandBus.Send(ctx, BookFlight{
		FlightID:       b.InboundFlight,
		ReferenceID:    b.ID,
		IdempotencyKey: uuid.NewString(), // want `uuid.NewString in the handling of one delivery`
	})
}

// OnFlightBooked is the correct form: the key is derived from the bundle and
// the flight, so a redelivery sends the same key.
func (p ProcessManager) OnFlightBooked(ctx context.Context, event *FlightBooked) error {
	b, err := p.repo.MarkFlightBooked(ctx, event.ReferenceID, event.FlightID)
	if err != nil {
		return err
	}
	return p.commandBus.Send(ctx, BookFlight{
		FlightID:       b.ReturnFlight,
		ReferenceID:    b.ID,
		IdempotencyKey: b.ID + "-return-flight",
	})
}

func Register(ep *cqrs.EventProcessor, pm ProcessManager) error {
	return ep.AddHandlers(
		cqrs.NewEventHandler("bundle.OnBookingMade", pm.OnBookingMade),
		cqrs.NewEventHandler("bundle.OnFlightBooked", pm.OnFlightBooked),
	)
}
