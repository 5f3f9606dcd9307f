// Package sarama skips a failed payment in its claim loop: the next
// message's MarkMessage marks the partition past it.
package sarama

import (
	"database/sql"
	"log/slog"

	"github.com/IBM/sarama"
)

type Handler struct {
	DB *sql.DB
}

func (h *Handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if _, err := h.DB.ExecContext(sess.Context(), `UPDATE payments SET status = 'paid' WHERE id = $1`, string(msg.Key)); err != nil {
			slog.Error("payment update failed", "error", err)
			continue // want: skipcommit
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
