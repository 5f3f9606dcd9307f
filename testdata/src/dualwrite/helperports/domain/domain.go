// Package domain declares the ports of an order service: a repository, an
// event publisher, and a coordinator that runs the function it is given.
package domain

import "context"

type Orders interface {
	Create(ctx context.Context, id string) error
}

type Events interface {
	Publish(ctx context.Context, topic, id string) error
}

type Coordinator interface {
	Run(ctx context.Context, fn func() error) error
}
