// Package repothenpublish: a command handler writes through a repository
// interface and then publishes through an emitter interface, both in
// other packages.
package repothenpublish

import (
	"context"

	"dualwrite/bus"
	"dualwrite/store"
)

type Handler struct {
	items  store.Items
	events bus.Emitter
}

func (h *Handler) Add(ctx context.Context, it store.Item) error {
	if err := h.items.Add(ctx, it); err != nil {
		return err
	}
	return h.events.Emit(ctx, "item-added", []byte(it.ID)) // want `\(\*Handler\)\.Add writes to the database \(store\.Items\.Add → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(bus\.Emitter\.Emit → … → \(\*kafka\.Writer\)\.WriteMessages\) with no outbox: a crash between them loses the event; insert an outbox row in the same transaction and publish from a relay`
}

func (h *Handler) Rename(ctx context.Context, id string) error {
	it, err := h.items.SetStatus(ctx, id, "renamed")
	if err != nil {
		return err
	}
	return h.events.Emit(ctx, "item-renamed", []byte(it.ID)) // want `Rename writes to the database \(store\.Items\.SetStatus → … → \(\*pgxpool\.Pool\)\.QueryRow\) and then publishes`
}

func (h *Handler) Drop(ctx context.Context, id string) error {
	if err := h.items.Remove(ctx, id); err != nil {
		return err
	}
	if err := h.publish(ctx, id); err != nil { // want `Drop writes to the database .* and then publishes \(repothenpublish\.\(\*Handler\)\.publish → … → \(\*kafka\.Writer\)\.WriteMessages\)`
		return err
	}
	return nil
}

func (h *Handler) publish(ctx context.Context, id string) error {
	return h.events.Emit(ctx, "item-dropped", []byte(id))
}

// Show reads and publishes: no write.
func (h *Handler) Show(ctx context.Context, id string) error {
	it, err := h.items.Get(ctx, id)
	if err != nil {
		return err
	}
	return h.events.Emit(ctx, "item-viewed", []byte(it.ID))
}

// Compose calls a helper that writes and publishes (reported in Add): not again here.
func (h *Handler) Compose(ctx context.Context, it store.Item) error {
	return h.Add(ctx, it)
}
