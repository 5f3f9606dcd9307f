// Stub of github.com/nats-io/nats.go v1.52.0 (jetstream/message.go, jetstream/jetstream.go,
// jetstream/consumer.go, jetstream/pull.go): only the declarations used by tests.
package jetstream

import (
	"context"

	"github.com/nats-io/nats.go"
)

type (
	// Msg contains methods to operate on a JetStream message.
	Msg interface {
		Data() []byte
		Headers() nats.Header
		Subject() string
		Ack() error
		DoubleAck(context.Context) error
		Nak() error
		Term() error
	}

	// MessageHandler is a handler function used as callback in Consume.
	MessageHandler func(msg Msg)

	ConsumeContext interface {
		Stop()
	}

	PullConsumeOpt interface{}

	Consumer interface {
		Consume(handler MessageHandler, opts ...PullConsumeOpt) (ConsumeContext, error)
	}

	PublishOpt func(*pubOpts) error

	pubOpts struct{}

	PubAck struct {
		Stream   string
		Sequence uint64
	}

	JetStream interface {
		Publish(ctx context.Context, subject string, payload []byte, opts ...PublishOpt) (*PubAck, error)
		PublishMsg(ctx context.Context, msg *nats.Msg, opts ...PublishOpt) (*PubAck, error)
		PublishMsgAsync(msg *nats.Msg, opts ...PublishOpt) (PubAckFuture, error)
	}
)
