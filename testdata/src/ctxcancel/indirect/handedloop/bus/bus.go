// Package bus is a project's own consume loop over kafka-go: it passes its
// context to each handler it is handed (package worker).
package bus

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

// Handler handles one message.
type Handler func(ctx context.Context, m kafka.Message) error

// Consumer reads one topic as a member of a group.
type Consumer struct {
	r    *kafka.Reader
	kept Handler
}

// Run hands each message to h with ctx and commits it after h returned nil.
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

// Async runs h in a goroutine per message, with ctx.
func (c *Consumer) Async(ctx context.Context, h Handler) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go func() { _ = h(ctx, m) }()
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Detached hands h a context of its own, detached from ctx with a timeout.
func (c *Consumer) Detached(ctx context.Context, h Handler) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		err = h(hctx, m)
		cancel()
		if err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Keep stores h and never calls it.
func (c *Consumer) Keep(ctx context.Context, h Handler) {
	c.kept = h
}
