// Stub of github.com/confluentinc/confluent-kafka-go/v2/kafka, v2.12.0: only the declarations idemlint's tests use.
package kafka

import "time"

type ConfigValue interface{}

type ConfigMap map[string]ConfigValue

type Offset int64

type TopicPartition struct {
	Topic       *string
	Partition   int32
	Offset      Offset
	Metadata    *string
	Error       error
	LeaderEpoch *int32
}

type Header struct {
	Key   string
	Value []byte
}

type TimestampType int

type Message struct {
	TopicPartition TopicPartition
	Value          []byte
	Key            []byte
	Timestamp      time.Time
	TimestampType  TimestampType
	Opaque         interface{}
	Headers        []Header
	LeaderEpoch    *int32
}

func (m *Message) String() string { return "" }

type Event interface {
	String() string
}

type Error struct{}

func (e Error) Error() string { return "" }

func (e Error) String() string { return "" }

type RebalanceCb func(*Consumer, Event) error

type Consumer struct{}

func NewConsumer(conf *ConfigMap) (*Consumer, error) { return &Consumer{}, nil }

func (c *Consumer) SubscribeTopics(topics []string, rebalanceCb RebalanceCb) (err error) { return nil }

func (c *Consumer) Commit() ([]TopicPartition, error) { return nil, nil }

func (c *Consumer) CommitMessage(m *Message) ([]TopicPartition, error) { return nil, nil }

func (c *Consumer) CommitOffsets(offsets []TopicPartition) ([]TopicPartition, error) { return nil, nil }

func (c *Consumer) StoreOffsets(offsets []TopicPartition) (storedOffsets []TopicPartition, err error) {
	return nil, nil
}

func (c *Consumer) StoreMessage(m *Message) (storedOffsets []TopicPartition, err error) {
	return nil, nil
}

func (c *Consumer) Poll(timeoutMs int) (event Event) { return nil }

func (c *Consumer) ReadMessage(timeout time.Duration) (*Message, error) { return nil, nil }

func (c *Consumer) Close() (err error) { return nil }
