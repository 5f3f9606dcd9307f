// Package franz publishes outbox batches with twmb/franz-go.
//
//	cl, err := kgo.NewClient(kgo.SeedBrokers(brokers...)) // acks=all, idempotent by default
//	relay := &outbox.Relay{DB: pool, Publisher: franz.New(cl)}
//
// Keep franz-go's defaults for the relay's client: RequiredAcks(AllISRAcks)
// and the idempotent producer. Publish waits for every record's
// acknowledgement (ProduceSync), so the relay marks rows published only
// after the broker has them.
package franz

import (
	"context"
	"maps"
	"slices"

	"github.com/idemlint/idemlint/idem/outbox"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Publisher is an outbox.Publisher over a *kgo.Client.
type Publisher struct {
	cl *kgo.Client
}

// New wraps cl.
func New(cl *kgo.Client) *Publisher { return &Publisher{cl: cl} }

// Publish produces msgs with one ProduceSync call and returns the first
// record's error, if any.
func (p *Publisher) Publish(ctx context.Context, msgs []outbox.Message) error {
	recs := make([]*kgo.Record, len(msgs))
	for i, m := range msgs {
		hs := make([]kgo.RecordHeader, 0, len(m.Headers))
		for _, k := range slices.Sorted(maps.Keys(m.Headers)) {
			v := m.Headers[k]
			hs = append(hs, kgo.RecordHeader{Key: k, Value: []byte(v)})
		}
		recs[i] = &kgo.Record{Topic: m.Topic, Key: m.Key, Value: m.Value, Headers: hs}
	}
	return p.cl.ProduceSync(ctx, recs...).FirstErr()
}
