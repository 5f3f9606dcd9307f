// want package:`registered\(a function literal in payout.HandleValidated on kafkabus.Bus.Register\)`
// Package cmdgood registers the handler on the Kafka bus, whose loop
// commits after the handlers: neither handler's write and emit is
// reported (the one payout.HandleValidated returns, registered here, nor
// the one payout.Setup registers on the bus it is given).
package cmdgood

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"dualwrite/busconsumer/kafkabus"
	"dualwrite/busconsumer/payout"
)

func Main(ctx context.Context, db *sql.DB, w *kafka.Writer, r *kafka.Reader) error {
	b := kafkabus.New(w)
	b.Register("WithdrawValidated", payout.HandleValidated(b, db))
	payout.Setup(b, db)
	return b.Consume(ctx, "WithdrawValidated", r)
}
