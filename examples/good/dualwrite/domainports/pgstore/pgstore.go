// Package pgstore implements both ports on the pgx transaction the caller
// put in the context: the event row and its outbox row commit together.
package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/idemlint/idemlint/examples/good/dualwrite/domainports/domain"
)

type txKey struct{}

// WithTx puts the request's transaction in ctx.
func WithTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

func txFrom(ctx context.Context) pgx.Tx { return ctx.Value(txKey{}).(pgx.Tx) }

// Events appends events in the request's transaction.
type Events struct{}

// Append inserts the events of one aggregate.
func (Events) Append(ctx context.Context, aggregateID string, events ...domain.Event) error {
	for _, e := range events {
		if _, err := txFrom(ctx).Exec(ctx, `INSERT INTO events (aggregate_id, type, payload) VALUES ($1, $2, $3)`,
			aggregateID, e.Type, e.Payload); err != nil {
			return err
		}
	}
	return nil
}

// Outbox queues events for the relay.
type Outbox struct{}

// PublishEvent inserts the event's outbox row.
func (Outbox) PublishEvent(ctx context.Context, topic, key string, e domain.Event) error {
	_, err := txFrom(ctx).Exec(ctx, `INSERT INTO outbox (topic, key, payload) VALUES ($1, $2, $3)`, topic, key, e.Payload)
	return err
}
