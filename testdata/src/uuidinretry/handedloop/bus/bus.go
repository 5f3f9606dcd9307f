// Package bus is a project's own consume loop over kafka-go, handed
// handlers by the workers of package handedloop.
package bus

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Handler handles one message.
type Handler func(ctx context.Context, m kafka.Message) error

// Consumer reads one topic as a member of a group.
type Consumer struct {
	r    *kafka.Reader
	kept Handler
}

// Run commits each message after h returned nil and stops on a failure:
// a failed message is delivered again.
func (c *Consumer) Run(ctx context.Context, h Handler) error {
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

// AckFirst commits each message before h runs: no message is delivered
// twice.
func (c *Consumer) AckFirst(ctx context.Context, h Handler) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
		if err := h(ctx, m); err != nil {
			return err
		}
	}
}

// Async runs h in a goroutine per message and commits at once.
func (c *Consumer) Async(ctx context.Context, h Handler) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go h(ctx, m)
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Keep stores h and never calls it.
func (c *Consumer) Keep(h Handler) {
	c.kept = h
}
