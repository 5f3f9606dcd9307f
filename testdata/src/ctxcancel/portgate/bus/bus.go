// Package bus is the project's consume loop: it hands each message to a
// handler with its context and commits after the handler returned nil.
package bus

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Consumer struct{ r *kafka.Reader }

func (c *Consumer) Run(ctx context.Context, h func(ctx context.Context, m kafka.Message) error) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := h(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
