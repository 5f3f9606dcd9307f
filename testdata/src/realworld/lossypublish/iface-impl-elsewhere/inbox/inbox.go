// Package inbox sees the outbox processor (tm) and the JetStream
// publisher but wires no publisher into tm: not the place to report.
package inbox

import (
	"github.com/nats-io/nats.go"

	"realworld/lossypublish/iface-impl-elsewhere/jetstream"
	"realworld/lossypublish/iface-impl-elsewhere/tm"
)

type Handler struct {
	rows   []tm.Row
	stream *jetstream.Stream
}

func New(js nats.JetStreamContext) *Handler {
	return &Handler{stream: jetstream.NewStream(js)}
}
