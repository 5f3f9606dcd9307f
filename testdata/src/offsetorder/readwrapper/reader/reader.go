// Package reader wraps a kafka-go group reader behind the project's own
// Reader, and a partition reader (no GroupID) in package partition.
package reader

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Message is the project's copy of a message.
type Message struct{ Value []byte }

// Reader is what consume loops see.
type Reader interface {
	Next(ctx context.Context) (Message, error)
}

// Group reads as a member of a consumer group: ReadMessage commits.
type Group struct{ r *kafka.Reader }

// NewGroup returns a group reader.
func NewGroup(group, topic string) *Group {
	return &Group{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: group, Topic: topic})}
}

// Next returns the project's copy of the next message.
func (g *Group) Next(ctx context.Context) (Message, error) { // want Next:"commitsOnRead\\(the package's ReaderConfig has a GroupID\\)"
	m, err := g.r.ReadMessage(ctx)
	if err != nil {
		return Message{}, err
	}
	return Message{Value: m.Value}, nil
}

// Drain reads and handles messages itself: no wrapper (it returns none),
// and a ReadMessage loop of its own.
func (g *Group) Drain(ctx context.Context, handle func([]byte) error) error { // want Drain:"durableWork\\(handle\\)" Drain:"runsHandler\\(p1\\)"
	for {
		m, err := g.r.ReadMessage(ctx) // want `\(\*kafka.Reader\).ReadMessage commits the offset as it returns \(the package's ReaderConfig has a GroupID\), before handle`
		if err != nil {
			return err
		}
		if err := handle(m.Value); err != nil {
			return err
		}
	}
}
