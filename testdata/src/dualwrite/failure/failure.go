// Package failure publishes a failure event only when the write failed,
// and the success event after it.
package failure

import (
	"context"

	"dualwrite/bus"
	"dualwrite/store"
)

type Inventory struct {
	items  store.Items
	events bus.Emitter
}

func (s *Inventory) Reserve(ctx context.Context, id string) {
	if _, err := s.items.SetStatus(ctx, id, "reserved"); err != nil {
		_ = s.events.Emit(ctx, "reservation-failed", []byte(id))
		return
	}
	_ = s.events.Emit(ctx, "reservation-succeeded", []byte(id)) // want `\(\*Inventory\)\.Reserve writes to the database`
}

func (s *Inventory) Release(ctx context.Context, id string) error {
	err := s.items.Remove(ctx, id)
	if err != nil {
		return s.events.Emit(ctx, "release-failed", []byte(id))
	}
	return nil
}
