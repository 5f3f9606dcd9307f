// want package:`registered\(a function literal in payout.HandleValidated on nowaitbus.Bus.Register\)` package:`wired\(2\)`
// Package cmdnowait registers the handler on a bus that commits without
// waiting for the handler's goroutine: reported.
package cmdnowait

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"dualwrite/busconsumer/nowaitbus"
	"dualwrite/busconsumer/payout"
)

func Main(ctx context.Context, db *sql.DB, w *kafka.Writer, r *kafka.Reader) error {
	b := nowaitbus.New(w)
	b.Register("WithdrawValidated", payout.HandleValidated(b, db)) // want `a function literal in payout.HandleValidated \(payout.go:\d+\) writes to the database \(\(\*sql.DB\).ExecContext\) and then publishes \(bus.Bus.Emit → … → \(\*kafka.Writer\).WriteMessages\) with no outbox` `a function literal in payout.Setup \(payout.go:\d+\) writes to the database`
	return b.Consume(ctx, r)
}
