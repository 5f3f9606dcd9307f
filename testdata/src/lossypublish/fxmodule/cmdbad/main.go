// want package:`wired\(1\)`
// Command cmdbad names the lossy module; the relay's publish is completed
// here, where the module is handed to the container.
package main

import (
	"go.uber.org/fx"

	"lossypublish/fxmodule/lossy"
	"lossypublish/fxmodule/relay"
)

func main() {
	fx.New(
		lossy.Module(), // want `relay relay.\(\*Relay\).Flush \(relay.go:\d+\) marks rows published \(MarkSent, line \d+\) after app.Publisher.Publish, wired here to lossy.\(\*Publisher\).Publish`
		fx.Provide(relay.New),
	).Run()
}
