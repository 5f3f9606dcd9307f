// Package franzc holds the franz-go consumers of payment events.
package franzc

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"example.com/corpus2/streams/internal/events"
)

// Consumer projects payment events with manual commits.
type Consumer struct {
	Client *kgo.Client
	Proj   *events.Projector
	Log    *slog.Logger
}

// NewClient builds the client the consumers expect: manual commits.
func NewClient(brokers []string, group string, marks bool) (*kgo.Client, error) {
	opts := []kgo.Opt{
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics("payments.events"),
		kgo.BlockRebalanceOnPoll(),
	}
	if marks {
		opts = append(opts, kgo.AutoCommitMarks())
	} else {
		opts = append(opts, kgo.DisableAutoCommit())
	}
	return kgo.NewClient(opts...)
}

// Run polls, applies every record, then commits what it applied.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() || errors.Is(ctx.Err(), context.Canceled) {
			return nil
		}
		fetches.EachError(func(t string, p int32, err error) {
			c.Log.Warn("fetch", "topic", t, "partition", p, "err", err)
		})
		var done []*kgo.Record
		var failed error
		fetches.EachRecord(func(r *kgo.Record) {
			if failed != nil {
				return
			}
			ev, err := events.Decode(r.Value)
			if err != nil {
				c.Log.Warn("poison record", "offset", r.Offset, "err", err)
				done = append(done, r)
				return
			}
			if err := c.Proj.Apply(ctx, ev); err != nil { // not a finding (a fixed false positive of ctxcancel: an inbox-gated unit, the offset follows its commit)
				failed = err
				return
			}
			done = append(done, r)
		})
		if len(done) > 0 {
			if err := c.Client.CommitRecords(context.WithoutCancel(ctx), done...); err != nil {
				c.Log.Warn("commit", "err", err)
			}
		}
		c.Client.AllowRebalance()
		if failed != nil {
			return failed
		}
	}
}

// RunPartitions commits per partition once that partition's records are applied.
func (c *Consumer) RunPartitions(ctx context.Context) error {
	for ctx.Err() == nil {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		var failed error
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			if failed != nil || len(p.Records) == 0 {
				return
			}
			for _, r := range p.Records {
				ev, err := events.Decode(r.Value)
				if err != nil {
					continue
				}
				if err := c.Proj.Apply(ctx, ev); err != nil { // not a finding (a fixed false positive of ctxcancel: an inbox-gated unit, the offset follows its commit)
					failed = err
					return
				}
			}
			last := p.Records[len(p.Records)-1]
			if err := c.Client.CommitRecords(ctx, last); err != nil {
				c.Log.Warn("commit partition", "partition", p.Partition, "err", err)
			}
		})
		c.Client.AllowRebalance()
		if failed != nil {
			return failed
		}
	}
	return nil
}

// RunEagerCommit commits the whole fetch before it applies it: "the broker
// is the slow part, overlap it".
func (c *Consumer) RunEagerCommit(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		recs := fetches.Records()
		if err := c.Client.CommitRecords(ctx, recs...); err != nil { // want: offsetorder
			return err
		}
		for _, r := range recs {
			ev, err := events.Decode(r.Value)
			if err != nil {
				continue
			}
			if err := c.Proj.Apply(ctx, ev); err != nil {
				c.Log.Error("apply after commit", "err", err) // want: skipcommit
			}
		}
	}
}

// RunIter ranges over RecordsAll and commits after the loop.
func (c *Consumer) RunIter(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		var last *kgo.Record
		for r := range fetches.RecordsAll() {
			ev, err := events.Decode(r.Value)
			if err == nil {
				if err := c.Proj.Apply(ctx, ev); err != nil {
					return err
				}
			}
			last = r
		}
		if last != nil {
			if err := c.Client.CommitRecords(ctx, last); err != nil {
				return err
			}
		}
	}
}

// RunIterEager commits each record as it meets it, before applying it.
func (c *Consumer) RunIterEager(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for r := range fetches.RecordsAll() {
			if err := c.Client.CommitRecords(ctx, r); err != nil { // want: offsetorder
				return err
			}
			ev, err := events.Decode(r.Value)
			if err != nil {
				continue
			}
			if err := c.Proj.Apply(ctx, ev); err != nil {
				return err
			}
		}
	}
}

// Flush commits on shutdown what the marks consumer marked.
func Flush(cl *kgo.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = cl.CommitMarkedOffsets(ctx)
}

// RunSkipFailed logs a record whose Apply failed and commits the fetch
// anyway: Apply claims the event in its transaction, but a SIGTERM that
// cancels that transaction is logged as a failure and committed past, so
// the redelivery that the claim relies on never comes.
func (c *Consumer) RunSkipFailed(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() || errors.Is(ctx.Err(), context.Canceled) {
			return nil
		}
		records := fetches.Records()
		for _, r := range records {
			ev, err := events.Decode(r.Value)
			if err != nil {
				continue
			}
			if err := c.Proj.Apply(ctx, ev); err != nil { // want: ctxcancel
				c.Log.Warn("apply failed, skipping", "offset", r.Offset, "err", err) // want: skipcommit
			}
		}
		if err := c.Client.CommitRecords(context.WithoutCancel(ctx), records...); err != nil {
			c.Log.Warn("commit", "err", err)
		}
	}
}
