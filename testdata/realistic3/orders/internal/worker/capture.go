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

type placedEvent struct {
	OrderID    string `json:"order_id"`
	CustomerID string `json:"customer_id"`
	Amount     int64  `json:"amount"`
}

// AutoCapture charges subscription orders as soon as they are placed.
type AutoCapture struct {
	consumer *msgbus.Consumer
	gateway  domain.PaymentGateway
	orders   domain.OrderRepository
	log      *slog.Logger
	keyed    bool
}

// NewAutoCapture returns the worker; keyed selects the stable charge key
// (the flag the team added after the double charges).
func NewAutoCapture(c *msgbus.Consumer, gateway domain.PaymentGateway, orders domain.OrderRepository, keyed bool, log *slog.Logger) *AutoCapture {
	return &AutoCapture{consumer: c, gateway: gateway, orders: orders, keyed: keyed, log: log}
}

// Run consumes until ctx is cancelled.
func (w *AutoCapture) Run(ctx context.Context) error {
	if w.keyed {
		return w.consumer.Run(ctx, w.HandleKeyed)
	}
	return w.consumer.Run(ctx, w.Handle)
}

// Handle charges the order with a key made for this delivery.
func (w *AutoCapture) Handle(ctx context.Context, m kafka.Message) error {
	var ev placedEvent
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		w.log.Warn("undecodable order event, skipping", "offset", m.Offset, "err", err)
		return nil
	}
	res, err := w.gateway.Charge(ctx, domain.ChargeRequest{
		IdempotencyKey: chargeKey(), // want: uuidinretry — a key made per delivery (chargeKey → uuid.NewString) reaches ChargeRequest.IdempotencyKey in a handler that msgbus.Consumer.Run calls per message (method value w.Handle, consume.RunsHandler): a redelivery charges again
		CustomerID:     ev.CustomerID,
		Amount:         ev.Amount,
	})
	if err != nil {
		return err
	}
	return w.markPaid(ctx, ev.OrderID, res.ChargeID)
}

// HandleKeyed charges the order under the order's own key: a redelivery
// repeats the same charge request.
func (w *AutoCapture) HandleKeyed(ctx context.Context, m kafka.Message) error {
	var ev placedEvent
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		w.log.Warn("undecodable order event, skipping", "offset", m.Offset, "err", err)
		return nil
	}
	res, err := w.gateway.Charge(ctx, domain.ChargeRequest{
		IdempotencyKey: "autocapture:" + ev.OrderID,
		CustomerID:     ev.CustomerID,
		Amount:         ev.Amount,
		Description:    "trace " + uuid.NewString()[:8],
	})
	if err != nil {
		return err
	}
	return w.markPaid(ctx, ev.OrderID, res.ChargeID)
}

func (w *AutoCapture) markPaid(ctx context.Context, orderID, chargeID string) error {
	if err := w.orders.MarkPaid(ctx, orderID, chargeID); err != nil && !errors.Is(err, domain.ErrAlreadyPaid) {
		return err
	}
	return nil
}

func chargeKey() string { return "ac_" + uuid.NewString() }
