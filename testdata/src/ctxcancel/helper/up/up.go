// Package up holds helpers that other packages call: facts carry their summaries.
package up

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

// Publisher wraps a kafka-go writer.
type Publisher struct{ w *kafka.Writer }

// Publish hands ctx to WriteMessages.
func (p *Publisher) Publish(ctx context.Context, msgs ...kafka.Message) error { // want Publish:"reachesSink p0:writer.WriteMessages"
	return p.w.WriteMessages(ctx, msgs...)
}

// PublishTimed adds its own timeout: still cancelable by its caller.
func PublishTimed(ctx context.Context, w *kafka.Writer, m kafka.Message) error { // want PublishTimed:"reachesSink p0:writer.WriteMessages/timeout"
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return w.WriteMessages(ctx, m)
}

// Detached is a company ctxutil.Detached: no deadline.
func Detached(ctx context.Context) context.Context { // want Detached:"returnsDetached"
	return context.WithoutCancel(ctx)
}

// DetachedTimeout detaches with a deadline.
func DetachedTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) { // want DetachedTimeout:"returnsDetached/deadline"
	return context.WithTimeout(context.WithoutCancel(ctx), d)
}
