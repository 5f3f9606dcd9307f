// Package app wires the relay to the fire-and-forget producer: rows are
// marked published for messages the broker may never have had.
package app

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemlint/idemlint/examples/bad/lossypublish/twoproducers/bus"
	"github.com/idemlint/idemlint/examples/bad/lossypublish/twoproducers/relay"
)

// Wire builds the relay.
func Wire(pool *pgxpool.Pool, brokers []string) *relay.Relay {
	fast := bus.NewFastProducer(brokers)
	return relay.New(pool, fast) // want: lossypublish
}
