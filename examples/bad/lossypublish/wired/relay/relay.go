// Package relay is an outbox relay written against its own Broker port:
// it publishes each row and deletes it on a nil return. The RabbitMQ
// adapter that implements the port lives in a package it does not import.
package relay

import (
	"context"
	"database/sql"
)

// Broker publishes one outbox row.
type Broker interface {
	Publish(ctx context.Context, id string, body []byte) error
}

// Relay moves outbox rows to the broker.
type Relay struct {
	db     *sql.DB
	broker Broker
}

// New returns a relay on db and broker.
func New(db *sql.DB, broker Broker) *Relay { return &Relay{db: db, broker: broker} }

// Once relays one row.
func (r *Relay) Once(ctx context.Context, id string, body []byte) error {
	if err := r.broker.Publish(ctx, id, body); err != nil {
		return err
	}
	_, err := r.db.ExecContext(ctx, `DELETE FROM outbox WHERE id = $1`, id)
	return err
}
