// Package domain declares the ports; the use case calls them, adapters
// implement them, and neither imports the other.
package domain

import "context"

type Repo interface {
	Create(ctx context.Context, id string) error
}

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

type Prices interface {
	Quote(ctx context.Context, id string) (int64, error)
}

type Outbox interface {
	FetchPending(ctx context.Context) ([]string, error)
	MarkFailed(ctx context.Context, id string) error
	MarkSent(ctx context.Context, ids []string) error
}

type BatchPublisher interface {
	PublishBatch(ctx context.Context, msgs []string) []error
}
