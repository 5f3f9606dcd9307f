// Package outboxpub implements both ports on one pgx transaction taken
// from the context: the payment row and its outbox row commit together.
package outboxpub

import (
	"context"

	"github.com/jackc/pgx/v5"
)

type txKey struct{}

// WithTx puts the unit of work's transaction in ctx.
func WithTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

func txFrom(ctx context.Context) pgx.Tx { return ctx.Value(txKey{}).(pgx.Tx) }

// Payments stores payments in the unit of work's transaction.
type Payments struct{}

// Insert stores a payment.
func (Payments) Insert(ctx context.Context, id string, amount int64) error {
	_, err := txFrom(ctx).Exec(ctx, `INSERT INTO payments (id, amount) VALUES ($1, $2)`, id, amount)
	return err
}

// Outbox records events as outbox rows for a relay to publish.
type Outbox struct{}

// Publish inserts the event's outbox row.
func (Outbox) Publish(ctx context.Context, key string, body []byte) error {
	_, err := txFrom(ctx).Exec(ctx, `INSERT INTO outbox (key, body) VALUES ($1, $2)`, key, body)
	return err
}
