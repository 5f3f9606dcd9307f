// Package pipeline polls franz-go in one goroutine, copies each record into
// the project's own message type, pushes it into a channel read by a pool
// of workers, and marks the polled records for autocommit as soon as they
// are all pushed (batch 5: an order-confirmation consumer). The workers
// may still be confirming (or fail to confirm: they only log) when the
// marked offsets are committed, so a failed or cut confirmation is never
// redelivered. The hand-off is a select case, the shape rule 3 does not
// take for a send to a worker channel.
package pipeline

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Message is the project's copy of a record.
type Message struct {
	Key   []byte
	Value []byte
}

type Consumer struct {
	client *kgo.Client
	db     *sql.DB
}

// Start is the bug: MarkCommitRecords right after the hand-off.
func (c *Consumer) Start(ctx context.Context, workers int) { // want Start:`commitsOffset\(\(\*kgo.Client\).MarkCommitRecords\)` Start:`durableWork\(\(\*Consumer\).work → \(\*sql.DB\).ExecContext\)`
	ch := make(chan Message)
	for i := 0; i < workers; i++ {
		go c.work(ctx, ch)
	}
	for {
		records := c.client.PollFetches(ctx).Records()
		if ctx.Err() != nil {
			return
		}
		for _, r := range records {
			select {
			case ch <- Message{Key: r.Key, Value: r.Value}:
			case <-ctx.Done():
				return
			}
		}
		c.client.MarkCommitRecords(records...) // want `\(\*kgo.Client\).MarkCommitRecords while a send to a worker channel \(pipeline.go:42\) may still be handling the message`
	}
}

func (c *Consumer) work(ctx context.Context, ch <-chan Message) { // want work:`durableWork\(\(\*sql.DB\).ExecContext\)`
	for {
		select {
		case m := <-ch:
			if _, err := c.db.ExecContext(ctx, `UPDATE orders SET status = 'confirmed' WHERE id = $1`, string(m.Key)); err != nil {
				log.Printf("confirm order: %v", err)
			}
		case <-ctx.Done():
			return
		}
	}
}

// Inline confirms each record before marking: silent.
func (c *Consumer) Inline(ctx context.Context) { // want Inline:`commitsOffset\(\(\*kgo.Client\).MarkCommitRecords\)` Inline:`durableWork\(\(\*sql.DB\).ExecContext\)`
	for {
		records := c.client.PollFetches(ctx).Records()
		if ctx.Err() != nil {
			return
		}
		for _, r := range records {
			if _, err := c.db.ExecContext(ctx, `UPDATE orders SET status = 'confirmed' WHERE id = $1`, string(r.Key)); err != nil {
				return
			}
			c.client.MarkCommitRecords(r)
		}
	}
}
