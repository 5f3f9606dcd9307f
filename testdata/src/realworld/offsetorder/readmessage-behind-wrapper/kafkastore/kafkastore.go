// Package kafkastore hides kafka-go behind the project's own Reader: a
// factory builds a group reader and wraps it; the wrapper's ReadMessage
// calls kafka-go's, which commits the offset as it returns (batch 5: an
// order worker whose consume loop sees only the project's interface).
package kafkastore

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Message is the project's copy of a Kafka message: the value only.
type Message struct{ Value []byte }

// Reader is what the consume loop sees.
type Reader interface {
	ReadMessage(ctx context.Context) (Message, error)
	Close() error
}

// ReaderFactory builds readers; the worker holds one in a field.
type ReaderFactory interface {
	NewReader(brokers []string, groupID, topic string) Reader
}

type groupReader struct{ r *kafka.Reader }

func (g *groupReader) ReadMessage(ctx context.Context) (Message, error) { // want ReadMessage:"commitsOnRead\\(the package's ReaderConfig has a GroupID\\)"
	m, err := g.r.ReadMessage(ctx)
	if err != nil {
		return Message{}, err
	}
	return Message{Value: m.Value}, nil
}

func (g *groupReader) Close() error { return g.r.Close() }

// GroupReaders is the factory main hands the worker.
type GroupReaders struct{}

func (GroupReaders) NewReader(brokers []string, groupID, topic string) Reader {
	return &groupReader{r: kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: groupID, Topic: topic})}
}
