// Package iface imports no library: its only durable work is a handler
// called through the project's own interface (the facts' gate must admit it).
package iface

import "context"

// Handler is the project's handler interface.
type Handler interface {
	Handle(ctx context.Context, payload []byte) error
}

// Dispatch hands the payload to the handler.
func Dispatch(ctx context.Context, h Handler, payload []byte) error { // want Dispatch:"durableWork\\(Handler.Handle\\)"
	return h.Handle(ctx, payload)
}
