// Package sarama is a sarama consumer group handler that marks too early.
package sarama

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler struct {
	pool *pgxpool.Pool
	out  sarama.SyncProducer
}

func (h *Handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *Handler) store(ctx context.Context, m *sarama.ConsumerMessage) error {
	_, err := h.pool.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'audit')`, string(m.Key))
	return err
}

// ConsumeClaim marks each message before storing it and forwards it after.
func (h *Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			sess.MarkMessage(msg, "") // want: offsetorder
			if err := h.store(sess.Context(), msg); err != nil {
				return err
			}
			if _, _, err := h.out.SendMessage(&sarama.ProducerMessage{Topic: "audit.out", Value: sarama.ByteEncoder(msg.Value)}); err != nil { // want: dualwrite
				return err
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}
