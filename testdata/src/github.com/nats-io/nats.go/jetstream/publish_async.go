// Stub of github.com/nats-io/nats.go v1.52.0 (jetstream/publish.go): the asynchronous
// publish future lossypublish's tests use.
package jetstream

import "github.com/nats-io/nats.go"

// PubAckFuture is a future for a PubAck.
type PubAckFuture interface {
	Ok() <-chan *PubAck
	Err() <-chan error
	Msg() *nats.Msg
}
