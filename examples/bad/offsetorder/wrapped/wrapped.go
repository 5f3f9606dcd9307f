// Package wrapped consumes through the project's own Reader interface
// (satisfied by *kafka.Reader, injected by main) and commits the offset
// before the event is stored.
package wrapped

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// Reader is the part of *kafka.Reader the consumer uses.
type Reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
}

// Consumer stores order events.
type Consumer struct {
	R    Reader
	Pool *pgxpool.Pool
}

func (c *Consumer) store(ctx context.Context, m kafka.Message) error {
	_, err := c.Pool.Exec(ctx, "INSERT INTO order_events (event_id, body) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING", string(m.Key), m.Value)
	return err
}

// Run commits, then stores: a crash in between loses the event.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.R.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.R.CommitMessages(ctx, m); err != nil { // want: offsetorder
			return err
		}
		if err := c.store(ctx, m); err != nil {
			return err
		}
	}
}
