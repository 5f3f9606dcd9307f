// want package:`wired\(2\)`

// Package app is the composition root: the first package that sees the use
// case's pending site and both implementations.
package app

import (
	"os"

	"dualwrite/domainports/adapters"
	"dualwrite/domainports/usecase"
)

func Build() *usecase.Service {
	return usecase.New(&adapters.Orders{}, &adapters.Kafka{}, adapters.StdoutLogger{}, os.Stdout) // want `usecase\.\(\*Service\)\.Place \(usecase\.go:30\) writes to the database \(domain\.Repo\.Create → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(domain\.Publisher\.Publish → … → \(\*kafka\.Writer\)\.WriteMessages\) with no outbox: .* \(wired here\)` `usecase\.\(\*Service\)\.Checkout \(usecase\.go:62\) writes to the database \(domain\.Repo\.Create → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(domain\.Publisher\.Publish`
}

// The relay wired: nothing to report.
func BuildRelay() *usecase.Relay {
	return usecase.NewRelay(&adapters.Outbox{}, &adapters.Kafka{})
}
