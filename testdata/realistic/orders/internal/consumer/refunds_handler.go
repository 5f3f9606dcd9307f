package consumer

import (
	"encoding/json"
	"log/slog"

	"example.com/corpus/orders/internal/store"
	"github.com/IBM/sarama"
)

// RefundsHandler marks orders refunded, committing each transaction on the
// session's context, which sarama cancels on rebalance and on shutdown.
type RefundsHandler struct {
	Store *store.Store
	Log   *slog.Logger
}

// Setup implements sarama.ConsumerGroupHandler.
func (h *RefundsHandler) Setup(sarama.ConsumerGroupSession) error { return nil }

// Cleanup implements sarama.ConsumerGroupHandler.
func (h *RefundsHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim implements sarama.ConsumerGroupHandler.
func (h *RefundsHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx := sess.Context()
	for {
		select {
		case <-ctx.Done():
			return nil
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			var ev struct {
				EventID string `json:"event_id"`
				OrderID string `json:"order_id"`
			}
			if err := json.Unmarshal(msg.Value, &ev); err != nil {
				sess.MarkMessage(msg, "")
				continue
			}
			tx, err := h.Store.DB().BeginTx(ctx, nil) // want: ctxcancel (sarama session context, stop signal at the select)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'REFUNDED' WHERE id = $1`, ev.OrderID); err != nil {
				_ = tx.Rollback()
				return err
			}
			if err := tx.Commit(); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
		}
	}
}
