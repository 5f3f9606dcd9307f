// Package port declares the interface the use case needs.
package port

import "context"

type Sender interface {
	Send(ctx context.Context, body []byte) error
}

// Clients is the struct of clients a root hands the use case.
type Clients struct {
	Sender Sender
	Name   string
}

// Options holds no client.
type Options struct{ Retries int }
