// Stub of github.com/segmentio/kafka-go v0.4.51: only the declarations idemlint's tests use.
package kafka

import "context"

type ReaderConfig struct {
	Brokers     []string
	GroupID     string
	GroupTopics []string
	Topic       string
	Partition   int
}

type Reader struct {
	config ReaderConfig
}

func NewReader(config ReaderConfig) *Reader { return &Reader{config: config} }

func (r *Reader) Close() error { return nil }

func (r *Reader) ReadMessage(ctx context.Context) (Message, error) { return Message{}, nil }

func (r *Reader) FetchMessage(ctx context.Context) (Message, error) { return Message{}, nil }

func (r *Reader) CommitMessages(ctx context.Context, msgs ...Message) error { return nil }
