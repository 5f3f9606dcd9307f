// Package consumer2 holds the second generation of ledger consumers.
package consumer2

import (
	"context"
	"log/slog"
	"time"

	"github.com/IBM/sarama"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Applier writes records.
type Applier struct {
	Client *kgo.Client
	Pool   *pgxpool.Pool
	Log    *slog.Logger
}

func (a *Applier) apply(ctx context.Context, r *kgo.Record) error {
	_, err := a.Pool.Exec(ctx, `INSERT INTO raw_events (topic, part, off, body) VALUES ($1, $2, $3, $4) ON CONFLICT (topic, part, off) DO UPDATE SET body = EXCLUDED.body`,
		r.Topic, r.Partition, r.Offset, r.Value)
	return err
}

// RunPartitions processes and commits partition by partition.
func (a *Applier) RunPartitions(ctx context.Context) error {
	for {
		fetches := a.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		var err error
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			if err != nil {
				return
			}
			for _, r := range p.Records {
				if err = a.apply(ctx, r); err != nil {
					return
				}
			}
			err = a.Client.CommitRecords(ctx, p.Records...)
		})
		if err != nil {
			return err
		}
	}
}

// RunCommitPrevious commits what the previous iteration processed before it
// polls again.
func (a *Applier) RunCommitPrevious(ctx context.Context) error {
	for {
		if err := a.Client.CommitUncommittedOffsets(ctx); err != nil { // not a finding (a fixed false positive of offsetorder)
			a.Log.WarnContext(ctx, "commit", "error", err)
		}
		fetches := a.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := a.apply(ctx, r); err != nil {
				return err
			}
		}
	}
}

// SaramaHandler marks in a defer inside the per-message function.
type SaramaHandler struct {
	Pool *pgxpool.Pool
	Log  *slog.Logger
}

// Setup implements sarama.ConsumerGroupHandler.
func (h *SaramaHandler) Setup(sarama.ConsumerGroupSession) error { return nil }

// Cleanup implements sarama.ConsumerGroupHandler.
func (h *SaramaHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *SaramaHandler) one(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(sess.Context()), 10*time.Second)
	defer cancel()
	if _, err := h.Pool.Exec(ctx, `INSERT INTO raw_events (topic, part, off, body) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
		msg.Topic, msg.Partition, msg.Offset, msg.Value); err != nil {
		return err
	}
	sess.MarkMessage(msg, "")
	return nil
}

// ConsumeClaim handles each message and stops on the first error.
func (h *SaramaHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.one(sess, msg); err != nil {
			return err
		}
		h.Log.Debug("handled", "topic", msg.Topic, "partition", msg.Partition, "offset", msg.Offset)
	}
	return nil
}

// DeferHandler marks in a defer that runs after handling.
type DeferHandler struct {
	SaramaHandler
}

func (h *DeferHandler) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	defer sess.MarkMessage(msg, "")
	ctx, cancel := context.WithTimeout(context.WithoutCancel(sess.Context()), 10*time.Second)
	defer cancel()
	if _, err := h.Pool.Exec(ctx, `UPDATE counters SET n = n + 1 WHERE topic = $1`, msg.Topic); err != nil {
		h.Log.Error("count", "error", err)
	}
}

// ConsumeClaim implements sarama.ConsumerGroupHandler.
func (h *DeferHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.handle(sess, msg)
	}
	return nil
}

// CommittingHandler marks each message and commits synchronously every 100.
type CommittingHandler struct {
	SaramaHandler
}

// ConsumeClaim implements sarama.ConsumerGroupHandler.
func (h *CommittingHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	n := 0
	for msg := range claim.Messages() {
		if err := h.one(sess, msg); err != nil {
			return err
		}
		n++
		if n%100 == 0 {
			sess.Commit()
		}
	}
	sess.Commit()
	return nil
}
