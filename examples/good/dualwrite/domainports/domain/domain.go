// Package domain declares the ports of an event-sourced checkout. The use
// case (checkout) calls them; one adapter (pgstore) implements both on the
// same database; cmd wires them.
package domain

import "context"

// Event is a domain event.
type Event struct {
	Type    string
	Payload []byte
}

// EventStore appends an aggregate's events.
type EventStore interface {
	Append(ctx context.Context, aggregateID string, events ...Event) error
}

// Publisher announces events to other services.
type Publisher interface {
	PublishEvent(ctx context.Context, topic, key string, e Event) error
}
