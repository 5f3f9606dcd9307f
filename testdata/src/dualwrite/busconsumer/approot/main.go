// Package approot wires the Kafka bus into the app, which registered the
// handler on the port: the handler runs as the Kafka bus's consumer
// handler, not reported.
package approot

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"dualwrite/busconsumer/app"
	"dualwrite/busconsumer/kafkabus"
)

func Main(ctx context.Context, db *sql.DB, w *kafka.Writer, r *kafka.Reader) error {
	b := kafkabus.New(w)
	app.Setup(b, db)
	return b.Consume(ctx, "WithdrawValidated", r)
}
