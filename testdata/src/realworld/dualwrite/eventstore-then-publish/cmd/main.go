// want package:`wired\(1\)`

// Package cmd wires the ports to their implementations.
package cmd

import (
	"realworld/dualwrite/eventstore-then-publish/kafkabus"
	"realworld/dualwrite/eventstore-then-publish/mongostore"
	"realworld/dualwrite/eventstore-then-publish/usecase"
)

func Wire() *usecase.Checkout {
	return usecase.New(&mongostore.Store{}, &kafkabus.Bus{}) // want `usecase\.\(\*Checkout\)\.PlaceOrder \(checkout\.go:30\) writes to the database \(domain\.EventStore\.SaveEvents → … → \(\*mongo\.Collection\)\.InsertOne\) and then publishes \(domain\.Publisher\.PublishEvent → … → \(\*kafka\.Writer\)\.WriteMessages\) with no outbox`
}
