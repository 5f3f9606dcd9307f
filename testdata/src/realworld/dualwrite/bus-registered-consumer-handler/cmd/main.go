// want package:`registered\(a function literal in withdraw.HandleValidated on kafkabus.Bus.Register\)`
// Package cmd wires the handler to the Kafka bus; nothing here should be
// reported: the write and the emit run inside a consumer whose commit
// comes after both.
package cmd

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"realworld/dualwrite/bus-registered-consumer-handler/kafkabus"
	"realworld/dualwrite/bus-registered-consumer-handler/withdraw"
)

func Main(ctx context.Context, db *sql.DB, w *kafka.Writer, r *kafka.Reader) error {
	b := kafkabus.New(w)
	b.Register("WithdrawValidated", withdraw.HandleValidated(b, db))
	return b.Consume(ctx, "WithdrawValidated", r)
}
