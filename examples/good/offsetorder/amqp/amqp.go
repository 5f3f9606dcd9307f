// Package amqp writes the invoice and the processed event in one
// transaction and acks the delivery after the commit; a failed write is
// requeued.
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

func (c *Consumer) handle(ctx context.Context, ev OrderPlaced) error {
	tx, err := c.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, ev.EventID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // a redelivery of a message already handled
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO invoices (order_id) VALUES ($1)`, ev.OrderID); err != nil {
		return err
	}
	return tx.Commit()
}

func (c *Consumer) Run(ctx context.Context) error {
	deliveries, err := c.Ch.Consume("orders", "billing", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		var ev OrderPlaced
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			slog.Error("bad payload, dead-lettered", "error", err)
			_ = d.Reject(false)
			continue
		}
		if err := c.handle(ctx, ev); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		if err := d.Ack(false); err != nil {
			return err
		}
	}
	return nil
}
