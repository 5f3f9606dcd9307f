// Package app declares the relay's ports; the publishers implement
// Publisher in packages the relay does not import, and each registers its
// constructor with uber-fx inside its own module.
package app

import "context"

type Event struct {
	ID      string
	Payload []byte
}

type Publisher interface {
	Publish(ctx context.Context, e Event) error
}

type Store interface {
	Pending(ctx context.Context) ([]Event, error)
	MarkSent(ctx context.Context, id string) error
}
