// Stub of github.com/ThreeDotsLabs/watermill v1.4.6 (components/cqrs/event_handler.go,
// components/cqrs/event_processor.go, components/cqrs/command_bus.go,
// components/cqrs/command_handler.go, components/cqrs/event_bus.go): only
// the declarations used by tests.
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

// GroupEventHandler handles events in a group of handlers sharing one subscriber.
type GroupEventHandler interface {
	NewEvent() any
	Handle(ctx context.Context, event any) error
}

type genericGroupEventHandler[T any] struct {
	handleFunc func(ctx context.Context, event *T) error
}

// NewGroupEventHandler creates a new GroupEventHandler implementation based on provided function
// and event type inferred from function argument.
func NewGroupEventHandler[T any](handleFunc func(ctx context.Context, event *T) error) GroupEventHandler {
	return &genericGroupEventHandler[T]{handleFunc: handleFunc}
}

func (c genericGroupEventHandler[T]) NewEvent() any { return new(T) }

func (c genericGroupEventHandler[T]) Handle(ctx context.Context, e any) error {
	return c.handleFunc(ctx, e.(*T))
}

// CommandHandler receives a command defined by NewCommand and handles it with the Handle method.
type CommandHandler interface {
	HandlerName() string
	NewCommand() any
	Handle(ctx context.Context, cmd any) error
}

type genericCommandHandler[Command any] struct {
	handleFunc  func(ctx context.Context, cmd *Command) error
	handlerName string
}

// NewCommandHandler creates a new CommandHandler implementation based on provided function
// and command type inferred from function argument.
func NewCommandHandler[Command any](handlerName string, handleFunc func(ctx context.Context, cmd *Command) error) CommandHandler {
	return &genericCommandHandler[Command]{handleFunc: handleFunc, handlerName: handlerName}
}

func (c genericCommandHandler[Command]) HandlerName() string { return c.handlerName }

func (c genericCommandHandler[Command]) NewCommand() any { return new(Command) }

func (c genericCommandHandler[Command]) Handle(ctx context.Context, cmd any) error {
	return c.handleFunc(ctx, cmd.(*Command))
}

// CommandProcessor determines which CommandHandler should handle the command received from the command bus.
type CommandProcessor struct{}

// AddHandlers adds a new CommandHandler to the CommandProcessor and adds it to the router.
func (p *CommandProcessor) AddHandlers(handlers ...CommandHandler) error { return nil }

// EventBus transports events to event handlers.
type EventBus struct{}

// Publish sends event to the event bus.
func (c EventBus) Publish(ctx context.Context, event any) error { return nil }

// EventGroupProcessor determines which group of GroupEventHandlers should handle an event.
type EventGroupProcessor struct{}

// AddHandlersGroup adds a new group of GroupEventHandlers sharing one subscriber.
func (p *EventGroupProcessor) AddHandlersGroup(groupName string, handlers ...GroupEventHandler) error {
	return nil
}
