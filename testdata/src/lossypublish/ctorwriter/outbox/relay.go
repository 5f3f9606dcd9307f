// Package outbox is the relay: it publishes through its own port and marks
// the event processed on success.
package outbox

import "context"

type Publisher interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

type Queries interface {
	MarkOutboxEventProcessed(ctx context.Context, id string) error
}

type Relay struct {
	q   Queries
	pub Publisher
}

func New(q Queries, pub Publisher) *Relay { return &Relay{q: q, pub: pub} }

func (r *Relay) process(ctx context.Context, id, topic string, payload []byte) error { // want process:`relayPending`
	if err := r.pub.Publish(ctx, topic, payload); err != nil {
		return err
	}
	return r.q.MarkOutboxEventProcessed(ctx, id)
}
