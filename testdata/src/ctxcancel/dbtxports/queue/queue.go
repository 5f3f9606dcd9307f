// Package queue implements sweeper.Queue on a Kafka reader and commits
// each batch as it hands it out: a unit cut after that is not redelivered.
package queue

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Q struct{ r *kafka.Reader }

func New(r *kafka.Reader) *Q { return &Q{r: r} }

func (q *Q) Next(ctx context.Context) ([]string, error) {
	m, err := q.r.FetchMessage(ctx)
	if err != nil {
		return nil, err
	}
	if err := q.r.CommitMessages(ctx, m); err != nil {
		return nil, err
	}
	return []string{string(m.Value)}, nil
}
