// Package domain declares every port of the service; the use case and the
// adapters import it, neither imports the other.
package domain

import "context"

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type Repo interface {
	Create(ctx context.Context, id string) error
}

type Logger interface {
	Info(msg string)
}

type Catalog interface {
	Price(ctx context.Context, id string) (int64, error)
}

type Outbox interface {
	FetchPending(ctx context.Context) ([]string, error)
	MarkDead(ctx context.Context, id string) error
}

type BatchPublisher interface {
	PublishBatch(ctx context.Context, ids []string) []error
}
