package worker

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"example.com/corpus3/orders/internal/domain"
	"example.com/corpus3/orders/internal/platform/msgbus"
)

const chargebacksConsumer = "orders.chargebacks"

// Chargebacks reopens disputed orders. Its loop is written out (the team
// wanted per-message metrics); each event runs in one transaction that
// claims the event id in the inbox, and the offset is committed after it.
type Chargebacks struct {
	consumer *msgbus.Consumer
	tx       domain.TxManager
	inbox    domain.Inbox
	orders   domain.OrderRepository
	log      *slog.Logger
}

// NewChargebacks returns the worker.
func NewChargebacks(c *msgbus.Consumer, tx domain.TxManager, inbox domain.Inbox, orders domain.OrderRepository, log *slog.Logger) *Chargebacks {
	return &Chargebacks{consumer: c, tx: tx, inbox: inbox, orders: orders, log: log}
}

// Run consumes until ctx is cancelled.
func (w *Chargebacks) Run(ctx context.Context) error {
	for {
		m, err := w.consumer.Fetch(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if err := w.handle(ctx, m); err != nil {
			return err
		}
		if err := w.consumer.Ack(ctx, m); err != nil {
			return err
		}
	}
}

func (w *Chargebacks) handle(ctx context.Context, m kafka.Message) error {
	var ev domain.RefundEvent
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		w.log.Warn("undecodable chargeback, skipping", "offset", m.Offset, "err", err)
		return nil
	}
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		fresh, err := w.inbox.Claim(ctx, chargebacksConsumer, ev.EventID)
		if err != nil || !fresh {
			return err
		}
		return w.orders.MarkRefunded(ctx, ev.OrderID, ev.Amount)
	})
}
