// Package domain declares the ports of a checkout service: the use case
// sees only these; the adapters implementing them are wired by a root.
package domain

import "context"

type UnitOfWork interface {
	Execute(ctx context.Context, fn func(ctx context.Context) error) error
}

type Orders interface {
	Save(ctx context.Context, id string) error
}

type Gateway interface {
	Charge(ctx context.Context, id string) error
}

type Notifier interface {
	Notify(ctx context.Context, id string) error
}

type StatusRepo interface {
	ChangeStatusWith(id, status string, sideEffect func() error) error
}
