// Package franz publishes outbox batches with twmb/franz-go.
//
//	cl, err := kgo.NewClient(kgo.SeedBrokers(brokers...)) // acks=all, idempotent by default
//	pub, err := franz.New(cl)
//	relay := &outbox.Relay{DB: pool, Publisher: pub}
//
// Keep franz-go's defaults for the relay's client: RequiredAcks(AllISRAcks)
// and the idempotent producer; New refuses a client with NoAck, whose
// produce calls succeed without the broker having the records. Publish
// waits for every record's acknowledgement (ProduceSync), so the relay marks
// rows published only after the broker has them. The default partitioner
// keeps one key on one partition.
//
// Errors: a record larger than the client's batch limit, and broker errors
// that Kafka does not call retriable, are reported as outbox.Permanent for
// that record; other errors are passing and retried.
package franz

import (
	"context"
	"errors"
	"maps"
	"slices"

	"github.com/idemlint/idemlint/idem/outbox"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Publisher is an outbox.Publisher over a *kgo.Client.
type Publisher struct {
	cl *kgo.Client
}

// New wraps cl; it refuses a nil client and one configured with NoAck.
func New(cl *kgo.Client) (*Publisher, error) {
	if cl == nil {
		return nil, errors.New("franz: nil client")
	}
	if acks, ok := cl.OptValue(kgo.RequiredAcks).(kgo.Acks); ok && acks == kgo.NoAck() {
		return nil, errors.New("franz: the client produces with NoAck, so lost records are never reported; keep the default RequiredAcks(kgo.AllISRAcks())")
	}
	return &Publisher{cl: cl}, nil
}

// Publish produces msgs with one ProduceSync call and reports each record's
// outcome (an *outbox.BatchError) if any failed.
func (p *Publisher) Publish(ctx context.Context, msgs []outbox.Message) error {
	recs := make([]*kgo.Record, len(msgs))
	index := make(map[*kgo.Record]int, len(msgs))
	for i, m := range msgs {
		hs := make([]kgo.RecordHeader, 0, len(m.Headers))
		for _, k := range slices.Sorted(maps.Keys(m.Headers)) {
			v := m.Headers[k]
			hs = append(hs, kgo.RecordHeader{Key: k, Value: []byte(v)})
		}
		recs[i] = &kgo.Record{Topic: m.Topic, Key: m.Key, Value: m.Value, Headers: hs}
		index[recs[i]] = i
	}
	results := p.cl.ProduceSync(ctx, recs...)
	if results.FirstErr() == nil {
		return nil
	}
	errs := make([]error, len(msgs))
	for _, r := range results {
		if r.Err == nil {
			continue
		}
		var ke *kerr.Error
		if errors.Is(r.Err, kerr.MessageTooLarge) || errors.As(r.Err, &ke) && !ke.Retriable {
			errs[index[r.Record]] = outbox.Permanent(r.Err)
		} else {
			errs[index[r.Record]] = r.Err
		}
	}
	return &outbox.BatchError{Errs: errs}
}
