// Package sarama is a sarama handler that marks a message after its work.
package sarama

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler struct {
	pool *pgxpool.Pool
}

func (h *Handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *Handler) store(ctx context.Context, m *sarama.ConsumerMessage) error {
	_, err := h.pool.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'audit') ON CONFLICT DO NOTHING`, string(m.Key))
	return err
}

// ConsumeClaim marks each message at the end of the loop body.
func (h *Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.store(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
