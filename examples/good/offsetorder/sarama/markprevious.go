package sarama

import "github.com/IBM/sarama"

// MarkPrevious marks a message once the next one arrives (and the last one
// when the claim ends).
type MarkPrevious struct{ Handler }

func (h *MarkPrevious) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var prev *sarama.ConsumerMessage
	for msg := range claim.Messages() {
		if prev != nil {
			sess.MarkMessage(prev, "")
		}
		if err := h.store(sess.Context(), msg); err != nil {
			return err
		}
		prev = msg
	}
	if prev != nil {
		sess.MarkMessage(prev, "")
	}
	return nil
}
