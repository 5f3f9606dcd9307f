// Package syncapp wires the same relay to the synchronous producer: each
// publish returns once the broker has the message, so the mark is safe.
package syncapp

import (
	"lossypublish/ctorwriter/bus"
	"lossypublish/ctorwriter/outbox"
)

func Wire(q outbox.Queries, brokers []string) (*outbox.Relay, *bus.Producer) {
	fast := bus.NewFastProducer(brokers...) // used for click streams, not the relay
	events := bus.NewProducer(brokers...)
	return outbox.New(q, events), fast
}
