// want package:`wired\(1\)`

// Command fxapp wires the same outbox processor with uber-fx (a variant
// of app written for idemlint): no call hands tm the publisher, the
// container is given the constructors, and the JetStream publisher's
// constructor is where the lossy publish is wired.
package main

import (
	"go.uber.org/fx"

	"realworld/lossypublish/iface-impl-elsewhere/jetstream"
	"realworld/lossypublish/iface-impl-elsewhere/tm"
)

func main() {
	fx.New(
		fx.Provide(
			jetstream.NewStream, // want `relay tm.Processor.processMessages \(outbox.go:\d+\) marks rows published \(MarkPublished, line \d+\) after am.MessagePublisher.Publish, wired here to jetstream.\(\*Stream\).Publish → .*PublishMsgAsync whose PubAckFuture is not awaited`
			tm.NewProcessor,
		),
	).Run()
}
