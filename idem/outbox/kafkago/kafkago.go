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
// soon as Publish returns nil. It also refuses a Balancer that does not keep
// one key on one partition — nil (kafka-go's default, RoundRobin),
// RoundRobin, LeastBytes — because events of one key on two partitions lose
// their order; use Hash, ReferenceHash, CRC32Balancer or Murmur2Balancer
// (New checks a balancer by asking it for a few keys' partitions, twice).
// Leave the Writer's Topic empty: each message carries its own.
//
// Errors: a message larger than the writer's BatchBytes, and broker errors
// that kafka-go does not call temporary, are reported as outbox.Permanent
// for that message (the relay counts them against the row and moves on);
// other errors are passing and retried.
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
	case !keepsKeys(w.Balancer):
		return nil, errors.New("kafkago: the writer's Balancer (nil means RoundRobin) sends one key to several partitions, so a key's events lose their order; set Balancer: &kafka.Hash{} (or ReferenceHash, CRC32Balancer, Murmur2Balancer)")
	}
	return &Publisher{w: w}, nil
}

// keepsKeys reports whether b sends each of a few keys to one partition,
// asked several times.
func keepsKeys(b kafka.Balancer) bool {
	if b == nil {
		return false
	}
	parts := []int{0, 1, 2, 3, 4, 5, 6, 7}
	for _, k := range []string{"order-1", "order-2", "customer-42"} {
		msg := kafka.Message{Key: []byte(k), Value: make([]byte, 64)}
		first := b.Balance(msg, parts...)
		for range 4 {
			if b.Balance(msg, parts...) != first {
				return false
			}
		}
	}
	return true
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
	return classify(p.w.WriteMessages(ctx, out...), msgs)
}

var errNotSent = errors.New("kafkago: not sent: another message of the batch was too large")

// classify turns kafka-go's errors into the relay's per-message outcome.
func classify(err error, msgs []outbox.Message) error {
	var tooLarge kafka.MessageTooLargeError
	if errors.As(err, &tooLarge) {
		// kafka-go refuses the whole call before sending anything.
		errs := make([]error, len(msgs))
		for i, m := range msgs {
			errs[i] = errNotSent
			if header(tooLarge.Message, outbox.HeaderEventID) == m.EventID {
				errs[i] = outbox.Permanent(err)
			}
		}
		return &outbox.BatchError{Errs: errs}
	}
	var werrs kafka.WriteErrors
	if errors.As(err, &werrs) && len(werrs) == len(msgs) {
		errs := make([]error, len(msgs))
		for i, e := range werrs {
			var ke kafka.Error
			if errors.As(e, &ke) && !ke.Temporary() {
				e = outbox.Permanent(e)
			}
			errs[i] = e
		}
		return &outbox.BatchError{Errs: errs}
	}
	return err
}

func header(m kafka.Message, k string) string {
	for _, h := range m.Headers {
		if h.Key == k {
			return string(h.Value)
		}
	}
	return ""
}
