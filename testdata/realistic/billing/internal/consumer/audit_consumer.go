package consumer

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// AuditConsumer copies payment events into the audit table.
type AuditConsumer struct {
	reader *kafka.Reader
	pool   *pgxpool.Pool
	log    *slog.Logger
}

// NewAuditConsumer wires the consumer.
func NewAuditConsumer(r *kafka.Reader, pool *pgxpool.Pool, log *slog.Logger) *AuditConsumer {
	return &AuditConsumer{reader: r, pool: pool, log: log}
}

// ack commits the message's offset.
func (c *AuditConsumer) ack(ctx context.Context, msg kafka.Message) error {
	if err := c.reader.CommitMessages(ctx, msg); err != nil {
		return fmt.Errorf("commit %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
	}
	return nil
}

func (c *AuditConsumer) store(ctx context.Context, msg kafka.Message) error {
	_, err := c.pool.Exec(ctx,
		`INSERT INTO audit_log (topic, partition, kafka_offset, payload) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (topic, partition, kafka_offset) DO NOTHING`,
		msg.Topic, msg.Partition, msg.Offset, msg.Value)
	return err
}

// Run acknowledges first "so a slow database does not cause a rebalance".
func (c *AuditConsumer) Run(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.ack(ctx, msg); err != nil { // want: offsetorder
			return err
		}
		if err := c.store(ctx, msg); err != nil {
			c.log.ErrorContext(ctx, "audit insert failed", "offset", msg.Offset, "error", err) // want: skipcommit
		}
	}
}

// RunSafe stores first and acknowledges after.
func (c *AuditConsumer) RunSafe(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.store(ctx, msg); err != nil {
			return err
		}
		if err := c.ack(ctx, msg); err != nil {
			return err
		}
	}
}
