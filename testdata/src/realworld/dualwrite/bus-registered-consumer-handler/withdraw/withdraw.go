// want package:`pendingPorts\(bus.Bus.Emit: a function literal in withdraw.HandleValidated at withdraw.go:\d+\)`
// Package withdraw holds the handler of a validated withdrawal: it records
// the payout on the user and emits the next event. It runs as a consumer
// handler: the bus commits the consumed event only after it returned nil,
// so a crash between the write and the emit is repaired by the redelivery.
package withdraw

import (
	"context"
	"database/sql"

	"realworld/dualwrite/bus-registered-consumer-handler/bus"
)

func HandleValidated(b bus.Bus, db *sql.DB) bus.Handler {
	return func(ctx context.Context, ev bus.Event) error {
		if _, err := db.ExecContext(ctx, `UPDATE users SET payout_ref = $1 WHERE id = $2`, string(ev.Payload), "u1"); err != nil {
			return err
		}
		return b.Emit(ctx, bus.Event{Type: "PaymentProcessed", Payload: ev.Payload})
	}
}
