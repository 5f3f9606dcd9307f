// Package bus is a service's event-bus port: handlers are registered by
// event type, events emitted; the implementations decide how.
package bus

import "context"

type Event struct {
	Type    string
	Payload []byte
}

type Handler func(ctx context.Context, ev Event) error

type Bus interface {
	Register(eventType string, h Handler)
	Emit(ctx context.Context, ev Event) error
}
