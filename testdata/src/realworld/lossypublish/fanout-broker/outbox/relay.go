// Package outbox is the relay: it publishes each event through the broker
// interface and marks it processed on success.
package outbox

import (
	"context"

	"realworld/lossypublish/fanout-broker/messaging"
)

type Queries interface {
	MarkOutboxEventProcessed(ctx context.Context, id string) error
}

type Relay struct {
	q      Queries
	broker messaging.Broker
}

func NewRelay(q Queries, broker messaging.Broker) *Relay { return &Relay{q: q, broker: broker} }

func (r *Relay) processEvent(ctx context.Context, id, topic string, payload []byte) { // want processEvent:`relayPending`
	if err := r.broker.Publish(ctx, topic, payload); err == nil {
		_ = r.q.MarkOutboxEventProcessed(ctx, id)
	}
}
