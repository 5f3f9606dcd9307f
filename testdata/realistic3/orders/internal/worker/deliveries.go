package worker

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"example.com/corpus3/orders/internal/domain"
	"example.com/corpus3/orders/internal/platform/msgbus"
)

// Deliveries records the carriers' delivery confirmations.
type Deliveries struct {
	consumer *msgbus.Consumer
	orders   domain.OrderRepository
	log      *slog.Logger
}

// NewDeliveries returns the worker.
func NewDeliveries(c *msgbus.Consumer, orders domain.OrderRepository, log *slog.Logger) *Deliveries {
	return &Deliveries{consumer: c, orders: orders, log: log}
}

// Run consumes until ctx is cancelled; msgbus.Consumer.Run acks each message
// after Handle returns nil.
func (w *Deliveries) Run(ctx context.Context) error {
	return w.consumer.Run(ctx, w.Handle)
}

// Handle records one confirmation; a failed write is logged "so that one
// bad row does not stop the stream".
func (w *Deliveries) Handle(ctx context.Context, m kafka.Message) error {
	var ev domain.ShipmentEvent
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		w.log.Warn("undecodable delivery, skipping", "offset", m.Offset, "err", err)
		return nil
	}
	if err := w.orders.MarkShipped(ctx, ev); err != nil {
		w.log.Error("record delivery", "order", ev.OrderID, "err", err)
		return nil // want: skipcommit — the handler logs a failed MarkShipped and returns nil; msgbus.Consumer.Run, to which Run hands w.Handle as a method value, acks the message after it: lost (the committing loop is in another package: consume.RunsHandler)
	}
	return nil
}
