// want package:`wired\(1\)`
// Package cmd wires the ports to their implementations.
package cmd

import (
	"realworld/dualwrite/eventstore-then-publish/kafkabus"
	"realworld/dualwrite/eventstore-then-publish/mongostore"
	"realworld/dualwrite/eventstore-then-publish/usecase"
)

func Wire() *usecase.Checkout {
	return usecase.New(&mongostore.Store{}, &kafkabus.Bus{}) // want `publish`
}
