// Stub of github.com/ThreeDotsLabs/watermill v1.4.6 (components/cqrs/event_handler.go,
// components/cqrs/event_processor.go, components/cqrs/command_bus.go): only the declarations used by tests.
package cqrs

import "context"

// EventHandler receives events defined by NewEvent and handles them with its Handle method.
type EventHandler interface {
	HandlerName() string
	NewEvent() any
	Handle(ctx context.Context, event any) error
}

type genericEventHandler[T any] struct {
	handleFunc  func(ctx context.Context, event *T) error
	handlerName string
}

// NewEventHandler creates a new EventHandler implementation based on provided function
// and event type inferred from function argument.
func NewEventHandler[T any](handlerName string, handleFunc func(ctx context.Context, event *T) error) EventHandler {
	return &genericEventHandler[T]{handleFunc: handleFunc, handlerName: handlerName}
}

func (c genericEventHandler[T]) HandlerName() string { return c.handlerName }

func (c genericEventHandler[T]) NewEvent() any {
	tVar := new(T)
	return tVar
}

func (c genericEventHandler[T]) Handle(ctx context.Context, e any) error {
	event := e.(*T)
	return c.handleFunc(ctx, event)
}

// EventProcessor determines which EventHandler should handle event received from event bus.
type EventProcessor struct{}

// AddHandlers adds a new EventHandler to the EventProcessor and adds it to the router.
func (p *EventProcessor) AddHandlers(handlers ...EventHandler) error { return nil }

// CommandBus transports commands to command handlers.
type CommandBus struct{}

// Send sends command to the command bus.
func (c CommandBus) Send(ctx context.Context, cmd any) error { return nil }
