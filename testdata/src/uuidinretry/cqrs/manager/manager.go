// Package manager is a process manager on watermill's CQRS component: its
// typed handlers run once per delivery of the router's message (the
// router acks only when they return nil), so a key made inside is a new
// key on every redelivery.
package manager

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log"

	"github.com/ThreeDotsLabs/watermill/components/cqrs"
	"github.com/google/uuid"

	"uuidinretry/cqrs/header"
)

type BookingMade struct {
	ID        string
	BookingID string
}

type BookingFailed struct {
	BookingID string
	Tickets   []string
}

type BookFlight struct {
	BookingID      string
	IdempotencyKey string
}

type RefundTicket struct {
	Header   header.Header
	TicketID string
}

type Manager struct {
	commands *cqrs.CommandBus
	events   *cqrs.EventBus
}

// Bad: an exported handler of the shape cqrs.NewEventHandler takes, in a
// package using cqrs; the wiring package registers it (see wiring).
func (m Manager) OnBookingMade(ctx context.Context, event *BookingMade) error { // want OnBookingMade:`makesFreshID\(uuid.NewString\)`
	return m.commands.Send(ctx, BookFlight{
		BookingID:      event.BookingID,
		IdempotencyKey: uuid.NewString(), // want `uuid.NewString in the handling of one delivery \(watermill cqrs handler Manager.OnBookingMade\) makes a new key per redelivery and it reaches field IdempotencyKey`
	})
}

// Bad: the key is minted in a helper the handler calls, through a header
// constructor whose result carries a fresh key.
func (m Manager) OnBookingFailed(ctx context.Context, event *BookingFailed) error { // want OnBookingFailed:`makesFreshID\(Manager.refund → header.New → uuid.NewString\)`
	return m.refund(ctx, event.Tickets)
}

func (m Manager) refund(ctx context.Context, tickets []string) error { // want refund:`makesFreshID\(header.New → uuid.NewString\)`
	for _, t := range tickets {
		if err := m.commands.Send(ctx, RefundTicket{
			Header:   header.New(), // want `header.New → uuid.NewString in the handling of one delivery \(watermill cqrs handler Manager.OnBookingFailed → Manager.refund\) makes a new key per redelivery and it reaches field IdempotencyKey of its result`
			TicketID: t,
		}); err != nil {
			return err
		}
	}
	return nil
}

// Good: the key is derived from the event, the same on every redelivery.
func (m Manager) OnBookingMadeStable(ctx context.Context, event *BookingMade) error {
	return m.commands.Send(ctx, BookFlight{
		BookingID:      event.BookingID,
		IdempotencyKey: event.ID + "-book-flight",
	})
}

// Good: the key is a hash of the payload.
func (m Manager) OnBookingMadeHashed(ctx context.Context, event *BookingMade) error {
	sum := sha256.Sum256([]byte(event.BookingID))
	return m.commands.Send(ctx, BookFlight{
		BookingID:      event.BookingID,
		IdempotencyKey: hex.EncodeToString(sum[:]),
	})
}

// Good: the header takes its key from the event.
func (m Manager) OnBookingFailedStable(ctx context.Context, event *BookingFailed) error {
	for _, t := range event.Tickets {
		if err := m.commands.Send(ctx, RefundTicket{
			Header:   header.WithKey(event.BookingID + t),
			TicketID: t,
		}); err != nil {
			return err
		}
	}
	return nil
}

// Good: a fresh ID that goes to the log only, and a header whose fresh
// event ID is no key.
func (m Manager) OnBookingLogged(ctx context.Context, event *BookingMade) error { // want OnBookingLogged:`makesFreshID\(header.Traced → uuid.NewString\)`
	log.Printf("handling %s as %s", event.BookingID, uuid.NewString())
	return m.events.Publish(ctx, RefundTicket{Header: header.Traced(), TicketID: event.BookingID})
}

// Good: unexported, not of the registered shape, and never registered.
func (m Manager) onInternal(ctx context.Context, event *BookingMade) error { // want onInternal:`makesFreshID\(uuid.NewString\)`
	return m.commands.Send(ctx, BookFlight{BookingID: event.BookingID, IdempotencyKey: uuid.NewString()})
}

// Good: a plain function of another shape (a request, not a delivery).
func (m Manager) Book(ctx context.Context, bookingID string) error {
	return m.commands.Send(ctx, BookFlight{BookingID: bookingID, IdempotencyKey: uuid.NewString()})
}

// Bad: a handler registered here as a method value, unexported.
func (m Manager) onTicketBooked(ctx context.Context, event *BookingMade) error { // want onTicketBooked:`makesFreshID\(uuid.NewString\)`
	return m.commands.Send(ctx, BookFlight{
		BookingID:      event.BookingID,
		IdempotencyKey: uuid.NewString(), // want `uuid.NewString in the handling of one delivery \(watermill cqrs handler Manager.onTicketBooked registered with cqrs.NewEventHandler\)`
	})
}

// Bad: an EventHandler implementation; the router calls Handle per delivery.
type flightHandler struct {
	commands *cqrs.CommandBus
}

func (flightHandler) HandlerName() string { return "flight" }
func (flightHandler) NewEvent() any       { return &BookingMade{} }

func (h flightHandler) Handle(ctx context.Context, e any) error { // want Handle:`makesFreshID\(uuid.NewString\)`
	event := e.(*BookingMade)
	return h.commands.Send(ctx, BookFlight{
		BookingID:      event.BookingID,
		IdempotencyKey: uuid.NewString(), // want `uuid.NewString in the handling of one delivery \(watermill cqrs handler flightHandler.Handle\)`
	})
}

func Register(ep *cqrs.EventProcessor, cp *cqrs.CommandProcessor, m Manager) error {
	if err := ep.AddHandlers(
		cqrs.NewEventHandler("manager.onTicketBooked", m.onTicketBooked),
		flightHandler{commands: m.commands},
	); err != nil {
		return err
	}
	return cp.AddHandlers(
		// Bad: a literal registered as a command handler.
		cqrs.NewCommandHandler("BookFlight", func(ctx context.Context, cmd *BookFlight) error {
			return m.commands.Send(ctx, BookFlight{
				BookingID:      cmd.BookingID,
				IdempotencyKey: uuid.NewString(), // want `uuid.NewString in the handling of one delivery \(watermill cqrs handler func literal registered with cqrs.NewCommandHandler\)`
			})
		}),
		// Good: the command's own key is passed on.
		cqrs.NewCommandHandler("BookFlightStable", func(ctx context.Context, cmd *BookFlight) error {
			return m.commands.Send(ctx, BookFlight{BookingID: cmd.BookingID, IdempotencyKey: cmd.IdempotencyKey})
		}),
	)
}
