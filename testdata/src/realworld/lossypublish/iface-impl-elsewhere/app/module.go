// want package:`wired\(1\)`

// Package app is the composition root: it is the first package that sees
// both the outbox processor (tm) and the JetStream publisher it is given.
package app

import (
	"github.com/nats-io/nats.go"

	"realworld/lossypublish/iface-impl-elsewhere/jetstream"
	"realworld/lossypublish/iface-impl-elsewhere/tm"
)

func Startup(js nats.JetStreamContext, store tm.Store) tm.Processor {
	stream := jetstream.NewStream(js)
	return tm.NewProcessor(store, stream) // want `relay tm.Processor.processMessages \(outbox.go:\d+\) marks rows published \(MarkPublished, line \d+\) after am.MessagePublisher.Publish, wired here to jetstream.\(\*Stream\).Publish → .*PublishMsgAsync whose PubAckFuture is not awaited`
}
