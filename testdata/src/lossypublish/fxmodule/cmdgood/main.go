// Command cmdgood names the acknowledged module: nothing to report.
package main

import (
	"go.uber.org/fx"

	"lossypublish/fxmodule/acked"
	"lossypublish/fxmodule/relay"
)

func main() {
	fx.New(
		acked.Module,
		fx.Provide(relay.New),
	).Run()
}
