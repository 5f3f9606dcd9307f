// Stub of github.com/nats-io/nats.go v1.52.0 (jetstream/message.go, jetstream/jetstream.go,
// jetstream/consumer.go, jetstream/pull.go): only the declarations used by tests.
// JetStream's methods are declared on the interfaces it embeds, as in the real package.
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

	PullMessagesOpt interface{}
	FetchOpt        func(*pullRequest) error
	NextOpt         interface{}
	pullRequest     struct{}

	// MessagesContext iterates over the messages of a consumer (Messages).
	MessagesContext interface {
		Next(opts ...NextOpt) (Msg, error)
		Stop()
	}

	Consumer interface {
		Consume(handler MessageHandler, opts ...PullConsumeOpt) (ConsumeContext, error)
		Messages(opts ...PullMessagesOpt) (MessagesContext, error)
		Next(opts ...FetchOpt) (Msg, error)
	}

	PublishOpt func(*pubOpts) error

	pubOpts struct{}

	PubAck struct {
		Stream   string
		Sequence uint64
	}

	// JetStream is the top-level interface; like the real one, it embeds
	// the interfaces that declare its methods (publisher.go, consumer_config.go).
	JetStream interface {
		Publisher
		StreamConsumerManager
	}
)
