package payments

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// MarkedRunner turns autocommit into "commit what was marked" and marks a
// record only after its handler succeeded: no finding.
type MarkedRunner struct{ Runner }

func NewMarkedRunner() (*MarkedRunner, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("kafka:9092"),
		kgo.ConsumerGroup("payments"),
		kgo.ConsumeTopics("orders"),
		kgo.AutoCommitMarks(),
	)
	if err != nil {
		return nil, err
	}
	return &MarkedRunner{Runner{cl: cl}}, nil
}

func (m *MarkedRunner) Run(ctx context.Context) error { // want Run:"commitsOffset" Run:"durableWork"
	for ctx.Err() == nil {
		fetches := m.cl.PollFetches(ctx)
		for _, rec := range fetches.Records() {
			if err := m.charge(ctx, rec); err != nil {
				return err
			}
			m.cl.MarkCommitRecords(rec)
		}
	}
	return ctx.Err()
}
