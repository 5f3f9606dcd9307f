// Package amqp acks each RabbitMQ delivery as soon as it arrives: a crash
// or SIGTERM before the write loses the message, RabbitMQ never sends it again.
package amqp

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"

	amqp "github.com/rabbitmq/amqp091-go"
)

type OrderPlaced struct {
	EventID string `json:"event_id"`
	OrderID string `json:"order_id"`
}

type Consumer struct {
	Ch *amqp.Channel
	DB *sql.DB
}

func (c *Consumer) Run(ctx context.Context) error {
	deliveries, err := c.Ch.Consume("orders", "billing", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		if err := d.Ack(false); err != nil { // want: offsetorder
			return err
		}
		var ev OrderPlaced
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			slog.Error("bad payload", "error", err)
			continue
		}
		if _, err := c.DB.ExecContext(ctx, `INSERT INTO invoices (order_id) VALUES ($1)`, ev.OrderID); err != nil {
			slog.Error("invoice", "error", err)
		}
	}
	return nil
}
