// Package idempotency declares the store where a service records the
// events it has handled.
package idempotency

import "context"

type Store interface {
	Has(ctx context.Context, eventID string) (bool, error)
	Mark(ctx context.Context, eventID string) error
}
