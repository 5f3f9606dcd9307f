// Package domain declares the ports of a payment service: a unit of work
// that runs a callback in a transaction (writing, or read-only), a payment
// gateway, and a coordinator that runs the function it is given.
package domain

import "context"

type UnitOfWork interface {
	Execute(ctx context.Context, fn func(ctx context.Context) error) error
	ExecuteRead(ctx context.Context, fn func(ctx context.Context) error) error
}

type Gateway interface {
	Charge(ctx context.Context, id string) error
}

type Coordinator interface {
	Run(ctx context.Context, fn func() error) error
}
