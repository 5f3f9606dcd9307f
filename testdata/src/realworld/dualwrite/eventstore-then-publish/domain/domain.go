// Package domain declares the ports of an event-sourced checkout (batch3
// sweep): an event store and a publisher.
package domain

import "context"

type EventStore interface {
	SaveEvents(ctx context.Context, aggregateID string, events []interface{}) error
}

type Publisher interface {
	PublishEvent(ctx context.Context, topic, key string, event interface{}) error
}
