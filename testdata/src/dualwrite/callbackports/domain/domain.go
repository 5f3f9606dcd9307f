// Package domain declares the ports: a store that runs a callback (in a
// transaction, or later on a schedule) and writes, and a publisher.
package domain

import "context"

type Store interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
	OnIdle(ctx context.Context, fn func(ctx context.Context) error) error
	Save(ctx context.Context, id string) error
}

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}
