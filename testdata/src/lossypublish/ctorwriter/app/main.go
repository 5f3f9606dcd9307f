// want package:`wired\(1\)`

// Package app wires the relay to the fire-and-forget producer: the relay
// marks rows of messages the broker may never have had.
package app

import (
	"lossypublish/ctorwriter/bus"
	"lossypublish/ctorwriter/outbox"
)

func Wire(q outbox.Queries, brokers []string) (*outbox.Relay, *bus.Producer) {
	events := bus.NewProducer(brokers...)
	fast := bus.NewFastProducer(brokers...)
	return outbox.New(q, fast), events // want `relay outbox.\(\*Relay\).process \(relay.go:\d+\) marks rows published \(MarkOutboxEventProcessed, line \d+\) after outbox.Publisher.Publish, wired here to bus.\(\*Producer\).Publish built by bus.NewFastProducer → WriteMessages on a writer with Async: true \(producer.go:\d+\)`
}
