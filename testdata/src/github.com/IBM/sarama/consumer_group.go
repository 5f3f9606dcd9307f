// Stub of github.com/IBM/sarama (signatures of github.com/IBM/sarama v1.61.1): only the declarations idemlint's tests use.
package sarama

import "context"

type ConsumerGroup interface {
	Consume(ctx context.Context, topics []string, handler ConsumerGroupHandler) error

	Errors() <-chan error

	Close() error
}

type ConsumerGroupSession interface {
	Claims() map[string][]int32

	MemberID() string

	GenerationID() int32

	MarkOffset(topic string, partition int32, offset int64, metadata string)

	Commit()

	ResetOffset(topic string, partition int32, offset int64, metadata string)

	MarkMessage(msg *ConsumerMessage, metadata string)

	Context() context.Context
}

type ConsumerGroupHandler interface {
	Setup(ConsumerGroupSession) error

	Cleanup(ConsumerGroupSession) error

	ConsumeClaim(ConsumerGroupSession, ConsumerGroupClaim) error
}

type ConsumerGroupClaim interface {
	Topic() string

	Partition() int32

	InitialOffset() int64

	HighWaterMarkOffset() int64

	Messages() <-chan *ConsumerMessage
}
