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

// Hold reports whether it wrote: the else branch publishes the refusal.
func (s *Inventory) Hold(ctx context.Context, id string) error {
	held, err := s.hold(ctx, id)
	if err != nil {
		return err
	}
	if held {
		return s.events.Emit(ctx, "held", []byte(id)) // want `\(\*Inventory\)\.Hold writes to the database`
	} else {
		return s.events.Emit(ctx, "hold-refused", []byte(id))
	}
}

func (s *Inventory) hold(ctx context.Context, id string) (bool, error) {
	it, err := s.items.Get(ctx, id)
	if err != nil || it.Status != "free" {
		return false, err
	}
	_, err = s.items.SetStatus(ctx, id, "held")
	return true, err
}
