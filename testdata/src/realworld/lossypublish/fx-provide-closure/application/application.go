// Package application declares the ports the outbox relay uses; the Kafka
// publisher implements EventPublisher in a package the relay does not
// import.
package application

import "context"

type Event struct {
	ID, Topic string
	Payload   []byte
}

type EventPublisher interface {
	PublishOutboxEvent(ctx context.Context, e Event) error
}

type OutboxRepository interface {
	ListPending(ctx context.Context, limit int) ([]Event, error)
	MarkProcessed(ctx context.Context, id string) error
}
