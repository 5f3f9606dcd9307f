package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"example.com/corpus3/orders/internal/domain"
	"example.com/corpus3/orders/internal/platform/msgbus"
)

// Shipments marks orders shipped from the warehouse's events.
type Shipments struct {
	consumer *msgbus.Consumer
	orders   domain.OrderRepository
	log      *slog.Logger
}

// NewShipments returns the worker.
func NewShipments(c *msgbus.Consumer, orders domain.OrderRepository, log *slog.Logger) *Shipments {
	return &Shipments{consumer: c, orders: orders, log: log}
}

// Run acknowledges each event as soon as it is fetched, "so that a slow
// database does not hold the partition back".
func (w *Shipments) Run(ctx context.Context) error {
	for {
		m, err := w.consumer.Fetch(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if err := w.consumer.Ack(ctx, m); err != nil { // want: offsetorder
			return err
		}
		if err := w.apply(ctx, m); err != nil {
			return fmt.Errorf("shipment at offset %d: %w", m.Offset, err)
		}
	}
}

func (w *Shipments) apply(ctx context.Context, m kafka.Message) error {
	var ev domain.ShipmentEvent
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		w.log.Warn("undecodable shipment event", "offset", m.Offset, "err", err)
		return nil
	}
	return w.orders.MarkShipped(ctx, ev)
}
