// want package:`wired\(1\)`
// Command cmd wires the relay and the messaging module with uber-fx.
package main

import (
	"go.uber.org/fx"

	"realworld/lossypublish/fx-provide-closure/messaging"
	"realworld/lossypublish/fx-provide-closure/outbox"
)

func main() {
	fx.New(
		messaging.Module, // want `relay outbox.\(\*Relay\).processBatch .* marks rows published`
		fx.Provide(outbox.NewRelay),
	).Run()
}
