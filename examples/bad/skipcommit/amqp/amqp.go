// Package amqp swallows a failed delivery and acks it anyway: RabbitMQ
// forgets the message.
package amqp

import (
	"context"
	"database/sql"
	"log/slog"

	amqp "github.com/rabbitmq/amqp091-go"
)

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
		if _, err := c.DB.ExecContext(ctx, `INSERT INTO invoices (order_id) VALUES ($1)`, string(d.Body)); err != nil {
			slog.Error("invoice failed", "error", err) // want: skipcommit
		}
		if err := d.Ack(false); err != nil {
			return err
		}
	}
	return nil
}
