// Package mirror publishes through an interface whose method mirrors // want package:`pendingStops\(mirror.Notifier.WriteMessages at mirror.go:31\)`
// (*kafka.Writer).WriteMessages; the writer is injected by main, out of sight.
package mirror

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type MessageWriter interface {
	WriteMessages(ctx context.Context, msgs ...kafka.Message) error
}

// Notifier has a method of another shape.
type Notifier interface {
	WriteMessages(ctx context.Context, text string) error
}

type Relay struct {
	w MessageWriter
	n Notifier
}

func (r *Relay) Run(ctx context.Context, rows <-chan kafka.Message) {
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-rows:
			_ = r.n.WriteMessages(ctx, "sending")
			_ = r.w.WriteMessages(ctx, m) // want `ctx is cancelled on shutdown .* reaches MessageWriter\.WriteMessages → writer\.WriteMessages`
		}
	}
}
