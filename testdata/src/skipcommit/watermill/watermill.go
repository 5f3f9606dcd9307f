// Package watermill holds watermill handlers.
package watermill

import (
	"context"
	"log"

	"github.com/ThreeDotsLabs/watermill/message"
)

type store interface {
	Save(ctx context.Context, payload []byte) error
}

type handlers struct{ st store }

// Bad: the failure is logged and nil returned: the router acks.
func (h *handlers) swallow(msg *message.Message) error { // want swallow:"durableWork"
	if err := h.st.Save(msg.Context(), msg.Payload); err != nil {
		log.Printf("save: %v", err)
		return nil // want `store.Save fails \(watermill.go:19\) and the handler returns nil, so the watermill router acks the message`
	}
	return nil
}

// Good: the error goes back; the router nacks and redelivers.
func (h *handlers) fail(msg *message.Message) error { // want fail:"durableWork"
	if err := h.st.Save(msg.Context(), msg.Payload); err != nil {
		return err
	}
	return nil
}
