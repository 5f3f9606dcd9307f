// Package kafkago logs a failed order and moves on: the group reader's next
// CommitMessages commits past it, so the order is never handled.
package kafkago

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"
)

type OrderPlaced struct {
	EventID string `json:"event_id"`
	OrderID string `json:"order_id"`
}

type Consumer struct {
	Reader *kafka.Reader // kafka.NewReader(kafka.ReaderConfig{GroupID: "billing", ...})
	DB     *sql.DB
}

func (c *Consumer) Run(ctx context.Context) error {
	for {
		msg, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev OrderPlaced
		if err := json.Unmarshal(msg.Value, &ev); err != nil {
			slog.Error("bad payload, skipped", "error", err) // never valid: skipping it is a policy
			if err := c.Reader.CommitMessages(ctx, msg); err != nil {
				return err
			}
			continue
		}
		if _, err := c.DB.ExecContext(ctx, `INSERT INTO invoices (order_id) VALUES ($1)`, ev.OrderID); err != nil {
			slog.Error("invoice failed, will retry", "order", ev.OrderID, "error", err)
			time.Sleep(time.Second)
			continue // want: skipcommit
		}
		if err := c.Reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
