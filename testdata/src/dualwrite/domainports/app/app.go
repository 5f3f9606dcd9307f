// want package:`wired\(2\)`

// Package app wires the Kafka publisher into the use case: the first
// package that sees the pending site and an implementation that publishes.
package app

import (
	"dualwrite/domainports/adapters"
	"dualwrite/domainports/kafkabus"
	"dualwrite/domainports/usecase"
)

func Build() *usecase.Service {
	return usecase.New(&adapters.Orders{}, &kafkabus.Kafka{}, adapters.Log{}) // want `usecase\.\(\*Service\)\.Place \(usecase\.go:28\) writes to the database \(domain\.Repo\.Create → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(domain\.Publisher\.Publish → … → \(\*kafka\.Writer\)\.WriteMessages\) with no outbox: .* \(wired here\)`
}

// BuildQuoted wires the second service: its site is reported at the call
// that builds its type, not at Build's earlier wiring of the publisher.
func BuildQuoted() *usecase.QuotedService {
	return usecase.NewQuoted(adapters.FixedPrices{}, &adapters.Orders{}, &kafkabus.Kafka{}) // want `usecase\.\(\*QuotedService\)\.Place \(usecase\.go:59\) writes to the database \(domain\.Repo\.Create → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes .* \(wired here\)`
}

// BuildRelay wires the relay: nothing to report.
func BuildRelay() *usecase.Relay {
	return usecase.NewRelay(&adapters.Outbox{}, &kafkabus.Kafka{})
}
