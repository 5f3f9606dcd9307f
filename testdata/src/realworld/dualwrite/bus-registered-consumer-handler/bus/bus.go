// Package bus is a fintech service's event-bus port (batch4 sweep).
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
