package orders

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"
	amqp "github.com/rabbitmq/amqp091-go"

	"example.com/realistic4/shop/internal/platform/rabbit"
	"example.com/realistic4/shop/internal/platform/uow"
)

type paymentEvent struct {
	OrderID int64  `json:"order_id"`
	Status  string `json:"status"`
}

// Consumers are the shop's RabbitMQ consumers.
type Consumers struct {
	uow  *uow.UnitOfWork
	repo Repo
	dlq  rabbit.Publisher
	log  *slog.Logger
}

// NewConsumers wires the consumers; dlq must be a confirming publisher.
func NewConsumers(u *uow.UnitOfWork, dlq *rabbit.ConfirmingPublisher, log *slog.Logger) *Consumers {
	return &Consumers{uow: u, dlq: dlq, log: log}
}

// OnPaymentCaptured marks the order paid. Served by Subscription.Serve.
func (c *Consumers) OnPaymentCaptured(ctx context.Context, d amqp.Delivery) error {
	var ev paymentEvent
	if err := json.Unmarshal(d.Body, &ev); err != nil {
		return err
	}
	return c.uow.Do(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT DO NOTHING`, d.MessageId); err != nil { // want: onconflict
			return err
		}
		if err := c.repo.SetStatus(ctx, tx, ev.OrderID, "paid"); err != nil {
			return err
		}
		body, _ := json.Marshal(map[string]any{"order_id": ev.OrderID})
		return c.repo.AddOutbox(ctx, tx, "order.paid", body)
	})
}

// OnPaymentFailed cancels the order once per message.
func (c *Consumers) OnPaymentFailed(ctx context.Context, d amqp.Delivery) error {
	var ev paymentEvent
	if err := json.Unmarshal(d.Body, &ev); err != nil {
		return err
	}
	return c.uow.Do(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT DO NOTHING`, d.MessageId)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			c.log.Info("duplicate delivery", "message_id", d.MessageId)
			return nil
		}
		if err := c.repo.SetStatus(ctx, tx, ev.OrderID, "cancelled"); err != nil {
			return err
		}
		body, _ := json.Marshal(map[string]any{"order_id": ev.OrderID})
		return c.repo.AddOutbox(ctx, tx, "order.cancelled", body)
	})
}

// OnReturnRequested records a touch on the order: an idempotent marker
// insert followed only by an upsert.
func (c *Consumers) OnReturnRequested(ctx context.Context, d amqp.Delivery) error {
	var ev paymentEvent
	if err := json.Unmarshal(d.Body, &ev); err != nil {
		return err
	}
	return c.uow.Do(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT DO NOTHING`, d.MessageId); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO outbox (id, routing_key, payload) VALUES ($1, 'order.return', '{}') ON CONFLICT (id) DO UPDATE SET payload = EXCLUDED.payload`, ev.OrderID)
		return err
	})
}

// RunShipments consumes shipment confirmations.
func (c *Consumers) RunShipments(ctx context.Context, ch *amqp.Channel) error {
	deliveries, err := ch.Consume("shop.shipments", "shop-shipments", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		var ev paymentEvent
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			c.log.Warn("bad shipment payload, dropping", "err", err)
			_ = d.Reject(false)
			continue
		}
		if err := d.Ack(false); err != nil { // want: offsetorder
			return err
		}
		if err := c.uow.Do(ctx, func(tx *sqlx.Tx) error { return c.repo.SetStatus(ctx, tx, ev.OrderID, "shipped") }); err != nil {
			c.log.Error("mark shipped", "order", ev.OrderID, "err", err)
		}
	}
	return nil
}

// RunDeliveries consumes delivery confirmations, acking after the write.
func (c *Consumers) RunDeliveries(ctx context.Context, ch *amqp.Channel) error {
	deliveries, err := ch.Consume("shop.deliveries", "shop-deliveries", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		var ev paymentEvent
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			c.log.Warn("bad delivery payload, dropping", "err", err)
			_ = d.Reject(false)
			continue
		}
		if err := c.uow.Do(ctx, func(tx *sqlx.Tx) error { return c.repo.SetStatus(ctx, tx, ev.OrderID, "delivered") }); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		if err := d.Ack(false); err != nil {
			return err
		}
	}
	return nil
}

// RunReviews stores review requests; the queue is auto-acked for throughput.
func (c *Consumers) RunReviews(ctx context.Context, ch *amqp.Channel) error {
	deliveries, err := ch.Consume("shop.reviews", "shop-reviews", true, false, false, false, nil) // want: offsetorder
	if err != nil {
		return err
	}
	for d := range deliveries {
		var ev paymentEvent
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			continue
		}
		if err := c.uow.Do(ctx, func(tx *sqlx.Tx) error { return c.repo.SetStatus(ctx, tx, ev.OrderID, "review_requested") }); err != nil {
			c.log.Error("review request", "err", err)
		}
	}
	return nil
}

// RunInvoices renders invoices; a failure is logged and the message acked.
func (c *Consumers) RunInvoices(ctx context.Context, ch *amqp.Channel) error {
	deliveries, err := ch.Consume("shop.invoices", "shop-invoices", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		if err := c.invoice(ctx, d); err != nil {
			c.log.Error("invoice failed", "message_id", d.MessageId, "err", err) // want: skipcommit
		}
		if err := d.Ack(false); err != nil { // acks the message whose failure was only logged (finding at line 164)
			return err
		}
	}
	return nil
}

// RunCreditNotes is RunInvoices with a dead letter: a failed message goes
// to the parking queue (confirmed) before it is acked.
func (c *Consumers) RunCreditNotes(ctx context.Context, ch *amqp.Channel) error {
	deliveries, err := ch.Consume("shop.credit-notes", "shop-credit-notes", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		if err := c.invoice(ctx, d); err != nil {
			if perr := c.dlq.Publish(ctx, "shop.credit-notes.parked", d.Body, amqp.Table{"error": err.Error()}); perr != nil { // not a finding: c.dlq is the rabbit.Publisher interface, but NewConsumers stores only a *rabbit.ConfirmingPublisher there (confirm mode, WaitContext)
				_ = d.Nack(false, true)
				return fmt.Errorf("park credit note: %w", perr)
			}
		}
		if err := d.Ack(false); err != nil {
			return err
		}
	}
	return nil
}

func (c *Consumers) invoice(ctx context.Context, d amqp.Delivery) error {
	var ev paymentEvent
	if err := json.Unmarshal(d.Body, &ev); err != nil {
		return err
	}
	return c.uow.Do(ctx, func(tx *sqlx.Tx) error { return c.repo.SetStatus(ctx, tx, ev.OrderID, "invoiced") })
}
