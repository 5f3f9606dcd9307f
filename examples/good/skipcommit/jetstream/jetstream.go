// Package jetstream naks a failed payment (redelivered) and terminates a
// payload that can never be valid (an explicit poison-message policy).
package jetstream

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"
)

type Payment struct {
	ID string `json:"id"`
}

type Consumer struct {
	DB *sql.DB
}

func (c *Consumer) Start(ctx context.Context, cons jetstream.Consumer) (jetstream.ConsumeContext, error) {
	return cons.Consume(func(msg jetstream.Msg) {
		var p Payment
		if err := json.Unmarshal(msg.Data(), &p); err != nil {
			slog.Error("poison payment, terminated", "error", err)
			_ = msg.Term()
			return
		}
		if _, err := c.DB.ExecContext(ctx, `INSERT INTO payments (id) VALUES ($1) ON CONFLICT DO NOTHING`, p.ID); err != nil {
			slog.Error("payment failed, redelivered", "error", err)
			_ = msg.Nak()
			return
		}
		if err := msg.Ack(); err != nil {
			slog.Error("ack", "error", err)
		}
	})
}
