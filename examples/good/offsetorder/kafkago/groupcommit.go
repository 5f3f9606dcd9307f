package kafkago

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

// store handles one message in its own transaction.
func (c *Consumer) store(ctx context.Context, m kafka.Message) error {
	_, err := c.pool.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'orders') ON CONFLICT DO NOTHING`, string(m.Key))
	return err
}

// RunGroupCommit commits the messages earlier iterations handled, every 100
// messages or every second, before it fetches the next one.
func (c *Consumer) RunGroupCommit(ctx context.Context) error {
	var handled []kafka.Message
	last := time.Now()
	for {
		if len(handled) >= 100 || (len(handled) > 0 && time.Since(last) > time.Second) {
			if err := c.r.CommitMessages(ctx, handled...); err != nil {
				return err
			}
			handled, last = handled[:0], time.Now()
		}
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.store(ctx, m); err != nil {
			return err
		}
		handled = append(handled, m)
	}
}

// RunCommitPrevious commits the previous message once the next one arrived.
func (c *Consumer) RunCommitPrevious(ctx context.Context) error {
	var prev *kafka.Message
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if prev != nil {
			if err := c.r.CommitMessages(ctx, *prev); err != nil {
				return err
			}
		}
		if err := c.store(ctx, m); err != nil {
			return err
		}
		prev = &m
	}
}
