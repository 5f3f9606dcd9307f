// Package jetstream logs a failed payment and acks the message: JetStream
// never delivers it again.
package jetstream

import (
	"context"
	"database/sql"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"
)

type Consumer struct {
	DB *sql.DB
}

func (c *Consumer) Start(ctx context.Context, cons jetstream.Consumer) (jetstream.ConsumeContext, error) {
	return cons.Consume(func(msg jetstream.Msg) {
		if _, err := c.DB.ExecContext(ctx, `INSERT INTO payments (id) VALUES ($1)`, string(msg.Data())); err != nil {
			slog.Error("payment failed", "error", err) // want: skipcommit
		}
		if err := msg.Ack(); err != nil {
			slog.Error("ack", "error", err)
		}
	})
}
