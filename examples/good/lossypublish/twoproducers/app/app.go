// Package app wires the relay to the synchronous producer of the same
// type: each publish returns once the broker has the message, so marking
// the row after it is safe. The fire-and-forget producer is used only for
// click streams nobody marks.
package app

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemlint/idemlint/examples/bad/lossypublish/twoproducers/bus"
	"github.com/idemlint/idemlint/examples/bad/lossypublish/twoproducers/relay"
)

// Wire builds the relay and the click-stream producer.
func Wire(pool *pgxpool.Pool, brokers []string) (*relay.Relay, *bus.Producer) {
	clicks := bus.NewFastProducer(brokers)
	events := bus.NewProducer(brokers)
	return relay.New(pool, events), clicks
}
