// Package sarama returns the error from ConsumeClaim: the session ends
// and the claim restarts from the last marked offset.
package sarama

import (
	"database/sql"

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
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
