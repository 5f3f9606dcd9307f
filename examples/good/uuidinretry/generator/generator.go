// Package generator is the fixed form of bad/uuidinretry/generator: the
// payment ID is made once, before the retry, and every attempt reuses it.
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

// Record retries the insert with one payment ID.
func (p *Payments) Record(ctx context.Context, amount int64) error {
	id := p.IDs.NewID()
	return retry.Do(func() error {
		return p.Save(ctx, id, amount)
	}, retry.Context(ctx))
}
