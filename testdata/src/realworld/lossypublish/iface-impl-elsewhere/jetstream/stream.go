// Package jetstream publishes asynchronously and retries in a goroutine
// that only logs when it gives up: Publish returns nil before the stream
// has acknowledged anything.
package jetstream

import (
	"context"
	"log"

	"github.com/nats-io/nats.go"

	"realworld/lossypublish/iface-impl-elsewhere/am"
)

type Stream struct {
	js nats.JetStreamContext
}

func NewStream(js nats.JetStreamContext) *Stream { return &Stream{js: js} }

var _ am.MessagePublisher = (*Stream)(nil)

func (s *Stream) Publish(ctx context.Context, topic string, data []byte) error { // want Publish:`lossy\(jetstream.\(\*Stream\).Publish\)`
	future, err := s.js.PublishMsgAsync(&nats.Msg{Subject: topic, Data: data})
	if err != nil {
		return err
	}
	go func(f nats.PubAckFuture, tries int) {
		for {
			select {
			case <-f.Ok():
				return
			case <-f.Err():
				if tries--; tries == 0 {
					log.Println("giving up on", f.Msg().Subject)
					return
				}
				f, _ = s.js.PublishMsgAsync(f.Msg())
			}
		}
	}(future, 5)
	return nil
}
