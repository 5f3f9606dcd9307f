// Package retryutil is the ledger's retry helper.
package retryutil

import (
	"context"
	"errors"
	"time"
)

// Policy tunes Do.
type Policy struct {
	Attempts int
	Delay    time.Duration
}

// ErrPermanent marks an error that must not be retried.
var ErrPermanent = errors.New("permanent")

// Do calls op until it succeeds, fails permanently or the attempts run out,
// doubling the delay after each failure.
func Do(ctx context.Context, p Policy, op func(ctx context.Context) error) error {
	delay := p.Delay
	var err error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		if err = op(ctx); err == nil || errors.Is(err, ErrPermanent) {
			return err
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(delay):
		}
		delay *= 2
	}
	return err
}
