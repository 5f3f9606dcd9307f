// Package local: two consume loops hand their stop contexts to one handler
// that publishes; the finding is made once, at the publish in the handler
// (the function that must change), naming the first loop's stop signal.
// A per-message consumer's unit is the message, not a batch.
package local

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	db  *sql.DB
	out *kafka.Writer
}

func (c *Consumer) handle(ctx context.Context, m kafka.Message) error { // want handle:"reachesSink p0:writer.WriteMessages"
	if _, err := c.db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, string(m.Key)); err != nil {
		return err
	}
	return c.out.WriteMessages(ctx, kafka.Message{Key: m.Key}) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at local.go:29, via Orders\) and reaches writer.WriteMessages: SIGTERM fails the publish: the message is lost or sent again; give it context.WithTimeout\(context.WithoutCancel\(ctx\), d\) here or in Orders`
}

func (c *Consumer) Orders(ctx context.Context, r *kafka.Reader) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		m, err := r.FetchMessage(ctx)
		if err != nil {
			continue
		}
		_ = c.handle(ctx, m)
		_ = r.CommitMessages(ctx, m)
	}
}

func (c *Consumer) Refunds(ctx context.Context, r *kafka.Reader) {
	for ctx.Err() == nil {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			continue
		}
		_ = c.handle(ctx, m)
		_ = r.CommitMessages(ctx, m)
	}
}

// Detached hands the handler a detached context with a deadline: silent.
func (c *Consumer) Detached(ctx context.Context, r *kafka.Reader) {
	for ctx.Err() == nil {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			continue
		}
		hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10e9)
		_ = c.handleOther(hctx, m)
		cancel()
		_ = r.CommitMessages(ctx, m)
	}
}

func (c *Consumer) handleOther(ctx context.Context, m kafka.Message) error { // want handleOther:"reachesSink p0:writer.WriteMessages"
	return c.out.WriteMessages(ctx, kafka.Message{Key: m.Key})
}
