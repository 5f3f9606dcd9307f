// Package relay publishes each pending row through the port, then marks it
// sent.
package relay

import (
	"context"

	"lossypublish/fxmodule/app"
)

type Relay struct {
	store app.Store
	pub   app.Publisher
}

func New(store app.Store, pub app.Publisher) *Relay { return &Relay{store: store, pub: pub} }

func (r *Relay) Flush(ctx context.Context) error { // want Flush:`relayPending\(lossypublish/fxmodule/app\.Publisher\.Publish at relay\.go:\d+\)`
	events, err := r.store.Pending(ctx)
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := r.pub.Publish(ctx, e); err != nil {
			return err
		}
		if err := r.store.MarkSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}
