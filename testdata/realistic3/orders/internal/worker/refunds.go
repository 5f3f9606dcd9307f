package worker

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"example.com/corpus3/orders/internal/domain"
	"example.com/corpus3/orders/internal/platform/msgbus"
)

// Refunds applies settled refunds to orders and queues the customer email
// in the outbox, in one transaction per event (no inbox: a redelivery
// subtracts the amount again).
type Refunds struct {
	consumer *msgbus.Consumer
	tx       domain.TxManager
	orders   domain.OrderRepository
	outbox   domain.Outbox
	log      *slog.Logger
}

// NewRefunds returns the worker.
func NewRefunds(c *msgbus.Consumer, tx domain.TxManager, orders domain.OrderRepository, outbox domain.Outbox, log *slog.Logger) *Refunds {
	return &Refunds{consumer: c, tx: tx, orders: orders, outbox: outbox, log: log}
}

// Run consumes until ctx is cancelled.
func (w *Refunds) Run(ctx context.Context) error {
	// Not inbox-gated: the stop ctx reaches txman's tx.Commit through the method value w.Handle handed to msgbus.Consumer.Run and the TxManager callback (reported at main.go, where gctx is passed to Run: "want: ctxcancel" there)
	return w.consumer.Run(ctx, w.Handle)
}

// Handle applies one refund.
func (w *Refunds) Handle(ctx context.Context, m kafka.Message) error {
	var ev domain.RefundEvent
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		w.log.Warn("undecodable refund event, skipping", "offset", m.Offset, "err", err)
		return nil
	}
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		if err := w.orders.MarkRefunded(ctx, ev.OrderID, ev.Amount); err != nil {
			return err
		}
		return w.outbox.Add(ctx, "customer.emails", ev.OrderID, m.Value)
	})
}
