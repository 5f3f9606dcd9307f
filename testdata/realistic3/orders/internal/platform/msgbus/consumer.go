// Package msgbus wraps kafka-go behind the orders service's Producer and
// Consumer.
package msgbus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/segmentio/kafka-go"
)

// Handler handles one message.
type Handler func(ctx context.Context, m kafka.Message) error

// Consumer reads one topic as a member of a consumer group.
type Consumer struct {
	reader *kafka.Reader
	log    *slog.Logger
}

// NewConsumer returns a group consumer; offsets are committed explicitly.
func NewConsumer(brokers []string, group, topic string, log *slog.Logger) *Consumer {
	return &Consumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers:        brokers,
			GroupID:        group,
			Topic:          topic,
			CommitInterval: 0,
		}),
		log: log.With("topic", topic, "group", group),
	}
}

// Fetch returns the next message without committing it.
func (c *Consumer) Fetch(ctx context.Context) (kafka.Message, error) {
	return c.reader.FetchMessage(ctx)
}

// Ack commits m's offset.
func (c *Consumer) Ack(ctx context.Context, m kafka.Message) error {
	if err := c.reader.CommitMessages(ctx, m); err != nil {
		return fmt.Errorf("commit %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
	}
	return nil
}

// Run hands each message to handle and commits it once handle returned
// nil; a failure stops the consumer and the group redelivers the message.
func (c *Consumer) Run(ctx context.Context, handle Handler) error {
	for {
		m, err := c.Fetch(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		if err := handle(ctx, m); err != nil {
			return fmt.Errorf("handle %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
		}
		if err := c.Ack(ctx, m); err != nil {
			return err
		}
	}
}

// Close closes the reader.
func (c *Consumer) Close() error { return c.reader.Close() }
