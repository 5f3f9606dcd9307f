// Stub of github.com/nats-io/nats.go v1.52.0 (jetstream/jetstream.go): the
// Publisher interface JetStream embeds, which declares the publishes.
package jetstream

import (
	"context"

	"github.com/nats-io/nats.go"
)

// Publisher provides methods for publishing messages to a stream.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload []byte, opts ...PublishOpt) (*PubAck, error)
	PublishMsg(ctx context.Context, msg *nats.Msg, opts ...PublishOpt) (*PubAck, error)
	PublishMsgAsync(msg *nats.Msg, opts ...PublishOpt) (PubAckFuture, error)
}
