// Package worker holds the orders service's background workers.
package worker

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"example.com/corpus3/orders/internal/domain"
	"example.com/corpus3/orders/internal/platform/msgbus"
)

const paymentsConsumer = "orders.payments"

// Payments applies the provider's payment events to orders.
type Payments struct {
	consumer *msgbus.Consumer
	tx       domain.TxManager
	inbox    domain.Inbox
	orders   domain.OrderRepository
	payments domain.PaymentRepository
	log      *slog.Logger
}

// NewPayments returns the worker.
func NewPayments(c *msgbus.Consumer, tx domain.TxManager, inbox domain.Inbox, orders domain.OrderRepository,
	payments domain.PaymentRepository, log *slog.Logger) *Payments {
	return &Payments{consumer: c, tx: tx, inbox: inbox, orders: orders, payments: payments, log: log}
}

// Run consumes until ctx is cancelled; each offset is committed by
// msgbus.Consumer.Run after Handle's transaction committed.
func (w *Payments) Run(ctx context.Context) error {
	return w.consumer.Run(ctx, w.Handle)
}

// Handle applies one event in one transaction gated by the inbox: a
// redelivery finds the claim and does nothing, a cut rolls back the claim
// with the rows.
func (w *Payments) Handle(ctx context.Context, m kafka.Message) error {
	var ev domain.PaymentEvent
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		w.log.Warn("undecodable payment event, skipping", "offset", m.Offset, "err", err)
		return nil
	}
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		fresh, err := w.inbox.Claim(ctx, paymentsConsumer, ev.EventID)
		if err != nil || !fresh {
			return err
		}
		if err := w.payments.Insert(ctx, uuid.NewString(), ev.OrderID, "psp", ev.Amount); err != nil {
			return err
		}
		err = w.orders.MarkPaid(ctx, ev.OrderID, ev.ChargeID)
		if errors.Is(err, domain.ErrAlreadyPaid) {
			return nil
		}
		return err
	})
}
