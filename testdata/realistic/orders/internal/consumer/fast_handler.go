package consumer

import (
	"context"
	"encoding/json"
	"log/slog"

	"example.com/corpus/orders/internal/events"
	"example.com/corpus/orders/internal/store"
	"github.com/IBM/sarama"
)

// FastPaymentsHandler hands each message to a goroutine "for throughput".
type FastPaymentsHandler struct {
	store *store.Store
	log   *slog.Logger
}

// Setup implements sarama.ConsumerGroupHandler.
func (h *FastPaymentsHandler) Setup(sarama.ConsumerGroupSession) error { return nil }

// Cleanup implements sarama.ConsumerGroupHandler.
func (h *FastPaymentsHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *FastPaymentsHandler) process(ctx context.Context, msg *sarama.ConsumerMessage) {
	var ev events.PaymentSucceeded
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		h.log.Error("bad event", "error", err)
		return
	}
	if _, err := h.store.DB().ExecContext(ctx, `UPDATE orders SET status = 'PAID' WHERE id = $1`, ev.OrderID); err != nil {
		h.log.Error("mark paid", "order_id", ev.OrderID, "error", err)
	}
}

// ConsumeClaim marks each message as soon as its goroutine starts.
func (h *FastPaymentsHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go h.process(sess.Context(), msg)
		sess.MarkMessage(msg, "") // want: offsetorder
	}
	return nil
}
