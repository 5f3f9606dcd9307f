// Package bus is a project's own consume loop over kafka-go, written once
// and handed handlers by workers in other packages (package handedloop).
package bus

import (
	"context"
	"errors"
	"log"

	"github.com/segmentio/kafka-go"
)

// Handler handles one message.
type Handler func(ctx context.Context, m kafka.Message) error

// Consumer reads one topic as a member of a group.
type Consumer struct {
	r    *kafka.Reader
	kept Handler
}

// Fetch returns the next message without committing it.
func (c *Consumer) Fetch(ctx context.Context) (kafka.Message, error) {
	return c.r.FetchMessage(ctx)
}

// Ack commits m.
func (c *Consumer) Ack(ctx context.Context, m kafka.Message) error { // want Ack:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)"
	return c.r.CommitMessages(ctx, m)
}

// Run commits each message after h returned nil and stops on a failure.
func (c *Consumer) Run(ctx context.Context, h Handler) error { // want Run:"commitsOffset\\(\\(\\*Consumer\\).Ack → \\(\\*kafka.Reader\\).CommitMessages\\)" Run:"durableWork\\(h\\)" Run:"runsHandler\\(p1 then \\(\\*Consumer\\).Ack → \\(\\*kafka.Reader\\).CommitMessages ctx p0\\)"
	for {
		m, err := c.Fetch(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		if err := h(ctx, m); err != nil {
			return err
		}
		if err := c.Ack(ctx, m); err != nil {
			return err
		}
	}
}

// RunFunc is Run for a handler of an unnamed function type, run through a
// literal.
func (c *Consumer) RunFunc(ctx context.Context, h func(context.Context, kafka.Message) error) error { // want RunFunc:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)" RunFunc:"durableWork\\(func literal → a handler function value\\)" RunFunc:"runsHandler\\(p1 then \\(\\*kafka.Reader\\).CommitMessages ctx p0\\)"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		run := func() error { return h(ctx, m) }
		if err := run(); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Drain runs h on each message and commits nothing (the offsets are
// committed elsewhere, or never).
func (c *Consumer) Drain(ctx context.Context, h Handler) error { // want Drain:"durableWork\\(h\\)" Drain:"runsHandler\\(p1 ctx p0\\)"
	for {
		m, err := c.Fetch(ctx)
		if err != nil {
			return err
		}
		if err := h(ctx, m); err != nil {
			return err
		}
	}
}

// AckFirst commits each message before h runs: a failed handler's message
// was committed already.
func (c *Consumer) AckFirst(ctx context.Context, h Handler) error { // want AckFirst:"commitsOffset\\(\\(\\*Consumer\\).Ack → \\(\\*kafka.Reader\\).CommitMessages\\)" AckFirst:"durableWork\\(h\\)" AckFirst:"runsHandler\\(p1 after commit ctx p0\\)"
	for {
		m, err := c.Fetch(ctx)
		if err != nil {
			return err
		}
		if err := c.Ack(ctx, m); err != nil {
			return err
		}
		if err := h(ctx, m); err != nil {
			return err
		}
	}
}

// Async runs h in a goroutine per message and commits at once: the loop
// never sees the handler's result.
func (c *Consumer) Async(ctx context.Context, h Handler) error { // want Async:"commitsOffset\\(\\(\\*Consumer\\).Ack → \\(\\*kafka.Reader\\).CommitMessages\\)" Async:"durableWork\\(func literal → a handler function value\\)" Async:"runsHandler\\(p1 in goroutine ctx p0\\)"
	for {
		m, err := c.Fetch(ctx)
		if err != nil {
			return err
		}
		go func() {
			if err := h(ctx, m); err != nil {
				log.Printf("handle: %v", err)
			}
		}()
		if err := c.Ack(ctx, m); err != nil {
			return err
		}
	}
}

// Keep stores h and never calls it.
func (c *Consumer) Keep(h Handler) {
	c.kept = h
}
