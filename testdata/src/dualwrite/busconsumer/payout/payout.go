// want package:`pendingPorts\(bus.Bus.Emit: a function literal in payout.HandleValidated at payout.go:\d+ a function literal in payout.Setup at payout.go:\d+\)`
// Package payout holds an event handler: it records the payout, then
// emits the next event. Whether that is a dual write depends on the bus
// that runs it: one whose consume loop commits after it returned
// redelivers the event when it crashes between the two.
package payout

import (
	"context"
	"database/sql"

	"dualwrite/busconsumer/bus"
)

func HandleValidated(b bus.Bus, db *sql.DB) bus.Handler {
	return func(ctx context.Context, ev bus.Event) error {
		if _, err := db.ExecContext(ctx, `UPDATE users SET payout_ref = $1 WHERE id = $2`, string(ev.Payload), "u1"); err != nil {
			return err
		}
		return b.Emit(ctx, bus.Event{Type: "PaymentProcessed", Payload: ev.Payload})
	}
}

// Setup registers a literal where it writes it: the pending site records
// the method it is given to (bus.Bus.Register), judged with the bus that
// completes it.
func Setup(b bus.Bus, db *sql.DB) {
	b.Register("Refunded", func(ctx context.Context, ev bus.Event) error {
		if _, err := db.ExecContext(ctx, `UPDATE users SET refunded = true WHERE id = $1`, string(ev.Payload)); err != nil {
			return err
		}
		return b.Emit(ctx, bus.Event{Type: "RefundRecorded", Payload: ev.Payload})
	})
}
