package franzc

import (
	"context"
	"log/slog"

	"github.com/twmb/franz-go/pkg/kgo"

	"example.com/corpus2/streams/internal/events"
)

// MarkingConsumer runs with kgo.AutoCommitMarks: the client commits only
// what was marked.
type MarkingConsumer struct {
	Client *kgo.Client
	Proj   *events.Projector
	Log    *slog.Logger
}

// Run marks each record after it was applied.
func (c *MarkingConsumer) Run(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		iter := fetches.RecordIter()
		for !iter.Done() {
			r := iter.Next()
			ev, err := events.Decode(r.Value)
			if err != nil {
				c.Client.MarkCommitRecords(r) // poison: skip it for good
				continue
			}
			if err := c.Proj.Apply(ctx, ev); err != nil {
				return err
			}
			c.Client.MarkCommitRecords(r)
		}
		c.Client.AllowRebalance()
	}
}

// RunPartitioned marks a partition's last record once its records are applied.
func (c *MarkingConsumer) RunPartitioned(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		var failed error
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			p.EachRecord(func(r *kgo.Record) {
				if failed != nil {
					return
				}
				ev, err := events.Decode(r.Value)
				if err == nil {
					failed = c.Proj.Apply(ctx, ev)
				}
				if failed == nil {
					c.Client.MarkCommitRecords(r)
				}
			})
		})
		c.Client.AllowRebalance()
		if failed != nil {
			return failed
		}
	}
}

// RunMarkFirst marks before applying: the next autocommit tick may commit
// a record whose Apply has not run yet.
func (c *MarkingConsumer) RunMarkFirst(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			c.Client.MarkCommitRecords(r) // want: offsetorder
			ev, err := events.Decode(r.Value)
			if err != nil {
				return
			}
			if err := c.Proj.Apply(ctx, ev); err != nil {
				c.Log.Error("apply", "offset", r.Offset, "err", err) // want: skipcommit
			}
		})
		c.Client.AllowRebalance()
	}
}
