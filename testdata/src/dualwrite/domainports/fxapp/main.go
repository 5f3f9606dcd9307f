// want package:`wired\(2\)`

// Command fxapp wires the use case with uber-fx: no call hands it the
// adapters; the container is given their constructors, and the Kafka
// publisher's constructor is where the dual write is wired.
package main

import (
	"go.uber.org/fx"

	"dualwrite/domainports/adapters"
	"dualwrite/domainports/kafkabus"
	"dualwrite/domainports/usecase"
)

func main() {
	fx.New(
		fx.Provide(
			adapters.NewOrders,
			kafkabus.New, // want `usecase\.\(\*Service\)\.Place \(usecase\.go:28\) writes to the database \(domain\.Repo\.Create → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(domain\.Publisher\.Publish → … → \(\*kafka\.Writer\)\.WriteMessages\) with no outbox: .* \(wired here\)` `usecase\.\(\*QuotedService\)\.Place \(usecase\.go:59\) .* \(wired here\)`
			usecase.New,
		),
	).Run()
}
