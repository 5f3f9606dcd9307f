// Package domain declares the ports: a transaction manager that runs a
// callback in one transaction carried in its context, and an inbox that
// claims an event id.
package domain

import "context"

type TxManager interface {
	WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error
}

type Inbox interface {
	Claim(ctx context.Context, eventID string) (bool, error)
}

type Orders interface {
	MarkPaid(ctx context.Context, orderID string) error
}
