// Package shopify holds Shopify/sarama consumer group handlers.
package shopify

import (
	"context"
	"database/sql"

	"github.com/Shopify/sarama"
)

type Handler struct {
	db   *sql.DB
	prod sarama.SyncProducer
}

func (h *Handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *Handler) store(ctx context.Context, m *sarama.ConsumerMessage) error { // want store:"durableWork"
	_, err := h.db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", string(m.Key))
	return err
}

// Good: MarkMessage at the end of the claim loop body.
func (h *Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"commitsOffset" ConsumeClaim:"durableWork"
	for msg := range claim.Messages() {
		if err := h.store(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

type Early struct{ Handler }

// Bad: marked first, then stored.
func (h *Early) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"commitsOffset" ConsumeClaim:"durableWork"
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `offset committed by sarama.ConsumerGroupSession.MarkMessage before \(\*Handler\).store`
		sess.Commit()             // want `offset committed by sarama.ConsumerGroupSession.Commit before \(\*Handler\).store`
		if err := h.store(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

type SelectLoop struct{ Handler }

// Bad: the select loop of sarama's example, with MarkOffset before a produce
// in one case only.
func (h *SelectLoop) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"commitsOffset" ConsumeClaim:"durableWork"
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if msg.Topic == "audit" {
				sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "") // want `offset committed by sarama.ConsumerGroupSession.MarkOffset before \(sarama.SyncProducer\).SendMessage|offset committed by sarama.ConsumerGroupSession.MarkOffset before sarama.SyncProducer.SendMessage`
			}
			if _, _, err := h.prod.SendMessage(&sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}
