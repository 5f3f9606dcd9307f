// Package generator makes payment identifiers through the project's own
// IDGenerator interface (a uuid implementation) inside a retry-go attempt:
// each attempt records a new payment.
package generator

import (
	"context"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

// IDGenerator makes identifiers; tests swap it for a fixed one.
type IDGenerator interface {
	NewID() string
}

type uuidGenerator struct{}

// NewGenerator returns the uuid implementation.
func NewGenerator() IDGenerator { return uuidGenerator{} }

func (uuidGenerator) NewID() string { return uuid.NewString() }

// Payments records payments.
type Payments struct {
	IDs  IDGenerator
	Save func(ctx context.Context, paymentID string, amount int64) error
}

// Record retries the insert, with a new payment ID on every attempt.
func (p *Payments) Record(ctx context.Context, amount int64) error {
	return retry.Do(func() error {
		return p.Save(ctx, p.IDs.NewID(), amount) // want: uuidinretry
	}, retry.Context(ctx))
}
