// Stub of github.com/nats-io/nats.go v1.52.0 (jetstream/consumer_config.go,
// jetstream/jetstream.go, jetstream/stream.go): consumer configuration and
// the managers that create consumers from it.
package jetstream

import "context"

type (
	// ConsumerConfig is the configuration of a JetStream consumer.
	ConsumerConfig struct {
		Durable       string `json:"durable_name,omitempty"`
		FilterSubject string `json:"filter_subject,omitempty"`
		// AckPolicy defines the acknowledgement policy for the consumer.
		// Defaults to AckExplicitPolicy.
		AckPolicy AckPolicy `json:"ack_policy"`
	}

	// AckPolicy determines how the consumer should acknowledge delivered
	// messages.
	AckPolicy int

	// StreamConsumerManager provides CRUD API for managing consumers; part
	// of the JetStream interface.
	StreamConsumerManager interface {
		CreateOrUpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
		CreateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
		UpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
	}
)

const (
	// AckExplicitPolicy requires ack or nack for all messages.
	AckExplicitPolicy AckPolicy = iota

	// AckAllPolicy when acking a sequence number, this implicitly acks all
	// sequences below this one as well.
	AckAllPolicy

	// AckNonePolicy requires no acks for delivered messages.
	AckNonePolicy
)
