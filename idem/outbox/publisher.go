package outbox

import "context"

// Message is an outbox row on its way to the broker.
type Message struct {
	Row     int64 // outbox_event.id
	EventID string
	Topic   string
	Key     []byte
	Value   []byte
	Headers map[string]string // includes HeaderEventID
}

// Publisher sends one batch. Publish must send all of msgs in one call to
// the client (one WriteMessages or ProduceSync) and return nil only when the
// broker has acknowledged every message. The relay calls it with a context
// detached from the shutdown, with a timeout.
//
// Adapters: package kafkago (segmentio/kafka-go *kafka.Writer) and package
// franz (twmb/franz-go *kgo.Client), under this package.
type Publisher interface {
	Publish(ctx context.Context, msgs []Message) error
}

// PublisherFunc adapts a function to Publisher.
type PublisherFunc func(ctx context.Context, msgs []Message) error

// Publish calls f.
func (f PublisherFunc) Publish(ctx context.Context, msgs []Message) error { return f(ctx, msgs) }
