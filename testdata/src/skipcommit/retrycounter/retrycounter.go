// Package retrycounter holds kafka-go consumers that count the failures of
// a message in a store (per partition and offset) before they give up on
// it, and what they do while the budget lasts.
package retrycounter

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

const maxRetries = 3

type compensator interface {
	Compensate(ctx context.Context, payload []byte) error
}

type consumer struct {
	r   *kafka.Reader
	dlq *kafka.Writer
	db  *sql.DB
	c   compensator
}

// incr counts one more failure of the message at partition and offset.
func (c *consumer) incr(ctx context.Context, partition int, offset int64) (int64, error) { // want incr:`durableWork\(\(\*sql\.DB\)\.QueryRowContext\)`
	var n int64
	err := c.db.QueryRowContext(ctx, `INSERT INTO retries (p, o, n) VALUES ($1, $2, 1) ON CONFLICT (p, o) DO UPDATE SET n = retries.n + 1 RETURNING n`, partition, offset).Scan(&n)
	return n, err
}

// Bad: "retry later" while the budget lasts: nothing brings the message
// back (kafka-go does not fetch an uncommitted message again), and the
// next compensation's commit passes it. The counter's own failure moves on
// too.
func (c *consumer) retryLater(ctx context.Context) { // want retryLater:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` retryLater:`durableWork\(compensator\.Compensate\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.c.Compensate(ctx, m.Value); err != nil {
			n, err := c.incr(ctx, m.Partition, m.Offset)
			if err != nil {
				log.Printf("retry counter: %v", err)
				continue // want `\(\*consumer\).incr fails \(retrycounter.go:46\) and the loop moves on`
			}
			if n <= maxRetries {
				log.Printf("compensation failed (attempt %d), retrying later", n)
				continue // want `compensator.Compensate fails \(retrycounter.go:45\) and the loop moves on: \(\*kafka.Reader\).CommitMessages \(retrycounter.go:59\) commits past the failed message`
			}
			if err := c.dlq.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value}); err != nil {
				return
			}
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// Good: while the budget lasts the loop goes back to the failed call; when
// it is used up the message is dead-lettered (checked) and committed.
func (c *consumer) retryNow(ctx context.Context) error { // want retryNow:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` retryNow:`durableWork\(compensator\.Compensate\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		for {
			err := c.c.Compensate(ctx, m.Value)
			if err == nil {
				break
			}
			n, err := c.incr(ctx, m.Partition, m.Offset)
			if err != nil {
				return err
			}
			if n <= maxRetries {
				time.Sleep(time.Second)
				continue
			}
			if err := c.dlq.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value}); err != nil {
				return err
			}
			break
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: recording the failure in a table (a dead letter of its own) whose
// error is checked: the message is parked before the commit passes it.
func (c *consumer) recordFailure(ctx context.Context) error { // want recordFailure:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` recordFailure:`durableWork\(compensator\.Compensate\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.c.Compensate(ctx, m.Value); err != nil {
			if _, err := c.db.ExecContext(ctx, `INSERT INTO failed (p, o, payload) VALUES ($1, $2, $3)`, m.Partition, m.Offset, m.Value); err != nil {
				return err
			}
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
