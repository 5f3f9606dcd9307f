// want package:`registered\(a function literal in payout.HandleValidated on optbus.Bus.Register\)` package:`wired\(2\)`
// Package cmdopt registers the handler on a bus that may commit before it
// runs the handlers (when configured eager): reported.
package cmdopt

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"dualwrite/busconsumer/optbus"
	"dualwrite/busconsumer/payout"
)

func Main(ctx context.Context, db *sql.DB, w *kafka.Writer, r *kafka.Reader) error {
	b := optbus.New(w, false)
	b.Register("WithdrawValidated", payout.HandleValidated(b, db)) // want `a function literal in payout.HandleValidated \(payout.go:\d+\) writes to the database \(\(\*sql.DB\).ExecContext\) and then publishes \(bus.Bus.Emit → … → \(\*kafka.Writer\).WriteMessages\) with no outbox` `a function literal in payout.Setup \(payout.go:\d+\) writes to the database`
	return b.Consume(ctx, r)
}
