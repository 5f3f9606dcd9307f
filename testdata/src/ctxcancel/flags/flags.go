// Package flags: sinks and detachers added with -publishsinks, -txsinks and -detachers.
package flags

import (
	"context"
	"time"
)

// Outbox is a third-party client the tables do not know.
type Outbox struct{}

func (o *Outbox) Send(topic string, ctx context.Context) error { return nil }

func Finish(ctx context.Context) error { return nil }

func Detach(ctx context.Context) context.Context { return ctx } // opaque to the analyzer: listed with -detachers

func Loop(ctx context.Context, o *Outbox) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		_ = o.Send("events", ctx) // want `ctx is cancelled on shutdown .* reaches outbox.Send`
		_ = Finish(ctx)           // want `reaches flags.Finish`
		_ = Finish(Detach(ctx))   // want `Detach\(ctx\) is detached .* no timeout when it reaches flags.Finish`
	}
}
