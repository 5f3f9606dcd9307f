// Package consumer holds the sarama consumer-group handlers.
package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"example.com/corpus/orders/internal/events"
	"example.com/corpus/orders/internal/platform/dbx"
	"example.com/corpus/orders/internal/store"
	"github.com/IBM/sarama"
	"github.com/jmoiron/sqlx"
)

// PaymentsHandler marks orders paid.
type PaymentsHandler struct {
	store *store.Store
	log   *slog.Logger
	lag   *LagTracker
}

// NewPaymentsHandler wires the handler.
func NewPaymentsHandler(s *store.Store, log *slog.Logger, lag *LagTracker) *PaymentsHandler {
	return &PaymentsHandler{store: s, log: log, lag: lag}
}

// Setup implements sarama.ConsumerGroupHandler.
func (h *PaymentsHandler) Setup(sarama.ConsumerGroupSession) error { return nil }

// Cleanup implements sarama.ConsumerGroupHandler.
func (h *PaymentsHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim handles each message in a transaction with its dedup row and
// marks it after the commit; poison messages are logged and marked.
func (h *PaymentsHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case <-sess.Context().Done():
			return nil
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			var ev events.PaymentSucceeded
			if err := json.Unmarshal(msg.Value, &ev); err != nil {
				h.log.Error("poison payment event", "partition", msg.Partition, "offset", msg.Offset, "error", err)
				sess.MarkMessage(msg, "")
				continue
			}
			ctx, cancel := context.WithTimeout(context.WithoutCancel(sess.Context()), 15*time.Second)
			err := h.handle(ctx, ev)
			cancel()
			if err != nil {
				return fmt.Errorf("payment event %s: %w", ev.EventID, err)
			}
			sess.MarkMessage(msg, "")
			h.lag.Observe(msg.Topic, msg.Partition, msg.Offset, msg.Timestamp)
		}
	}
}

func (h *PaymentsHandler) handle(ctx context.Context, ev events.PaymentSucceeded) error {
	return dbx.WithTx(ctx, h.store.DB(), func(tx *sqlx.Tx) error {
		first, err := h.store.ClaimEvent(ctx, tx, ev.EventID, "orders-payments")
		if err != nil {
			return err
		}
		if !first {
			h.log.InfoContext(ctx, "duplicate payment event", "event_id", ev.EventID)
			return nil
		}
		_, err = tx.ExecContext(ctx, `UPDATE orders SET status = 'PAID', charge_id = $2 WHERE id = $1`, ev.OrderID, ev.ChargeID)
		return err
	})
}
