// Package kafkago publishes outbox batches with segmentio/kafka-go.
//
//	w := &kafka.Writer{
//		Addr:         kafka.TCP(brokers...),
//		RequiredAcks: kafka.RequireAll, // the zero value is RequireNone: loss goes unseen
//		BatchTimeout: 10 * time.Millisecond,
//		Balancer:     &kafka.Hash{},    // same key, same partition
//	}
//	pub, err := kafkago.New(w)
//	relay := &outbox.Relay{DB: pool, Publisher: pub}
//
// New refuses a writer that cannot report loss: Async (WriteMessages
// returns before the broker answers) or RequiredAcks RequireNone (the zero
// value; the broker never answers), since the relay marks rows published as
// soon as Publish returns nil. Leave the Writer's Topic empty: each message
// carries its own.
//
// A synchronous kafka-go writer holds each WriteMessages call until its
// batch is full or BatchTimeout (one second by default) has passed; Publish
// sends the whole outbox batch in one call, and a short BatchTimeout keeps a
// small batch from waiting the full second.
package kafkago

import (
	"context"
	"errors"
	"maps"
	"slices"

	"github.com/idemlint/idemlint/idem/outbox"
	"github.com/segmentio/kafka-go"
)

// Publisher is an outbox.Publisher over a *kafka.Writer.
type Publisher struct {
	w *kafka.Writer
}

// New wraps w; see the package doc for what it refuses.
func New(w *kafka.Writer) (*Publisher, error) {
	switch {
	case w == nil:
		return nil, errors.New("kafkago: nil writer")
	case w.Async:
		return nil, errors.New("kafkago: an Async writer does not report failed writes; the relay would mark lost events published")
	case w.RequiredAcks == kafka.RequireNone:
		return nil, errors.New("kafkago: RequiredAcks is RequireNone (the zero value); set kafka.RequireAll so lost writes are reported")
	case w.Topic != "":
		return nil, errors.New("kafkago: the writer has a Topic; outbox messages carry their own")
	}
	return &Publisher{w: w}, nil
}

// Publish writes msgs with one WriteMessages call.
func (p *Publisher) Publish(ctx context.Context, msgs []outbox.Message) error {
	out := make([]kafka.Message, len(msgs))
	for i, m := range msgs {
		hs := make([]kafka.Header, 0, len(m.Headers))
		for _, k := range slices.Sorted(maps.Keys(m.Headers)) {
			v := m.Headers[k]
			hs = append(hs, kafka.Header{Key: k, Value: []byte(v)})
		}
		out[i] = kafka.Message{Topic: m.Topic, Key: m.Key, Value: m.Value, Headers: hs}
	}
	return p.w.WriteMessages(ctx, out...)
}
