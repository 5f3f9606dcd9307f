// Package aftercommit holds what runs after an offset commit without being
// work on the message: logging, metrics, error returns and the commit's own
// error handling. Work on the message after the commit is still reported.
package aftercommit

import (
	"context"
	"fmt"
	"log"
	"log/slog"

	"github.com/segmentio/kafka-go"
)

// Logger is a project's structured logger.
type Logger interface {
	Errorw(msg string, kv ...any)
	Error(msg string, kv ...any)
	With(kv ...any) Logger
}

// Metrics is a project's metrics recorder.
type Metrics interface {
	IncCommitFailures(topic string)
	ObserveLag(topic string, partition int, lag int64)
}

// Handler handles a message.
type Handler interface {
	Handle(ctx context.Context, m kafka.Message) error
}

type Consumer struct {
	r       *kafka.Reader
	log     Logger
	metrics Metrics
	h       Handler
}

// onCommitError logs a failed commit and counts it.
func (c *Consumer) onCommitError(m kafka.Message, err error) {
	c.log.Errorw("commit failed", "offset", m.Offset, "err", err)
	c.metrics.IncCommitFailures(m.Topic)
}

// Good: the commit's error is logged, nothing else runs.
func (c *Consumer) LogCommitError(ctx context.Context) error { // want LogCommitError:"commitsOffset" LogCommitError:"durableWork\\(Handler.Handle\\)"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.h.Handle(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit offset %d: %v", m.Offset, err)
			c.log.Errorw("commit failed", "topic", m.Topic, "offset", m.Offset, "err", err)
		}
	}
}

// Good: the commit's error goes to a helper that logs and counts.
func (c *Consumer) CommitErrorHelper(ctx context.Context) error { // want CommitErrorHelper:"commitsOffset" CommitErrorHelper:"durableWork\\(Handler.Handle\\)"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.h.Handle(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			c.onCommitError(m, err)
			continue
		}
		c.metrics.ObserveLag(m.Topic, m.Partition, m.HighWaterMark-m.Offset)
		c.log.With("offset", m.Offset).Error("committed")
		slog.Info("committed", "offset", m.Offset)
	}
}

// Good: the commit's error is returned, wrapped with the message's position.
func (c *Consumer) ReturnCommitError(ctx context.Context) error { // want ReturnCommitError:"commitsOffset" ReturnCommitError:"durableWork\\(Handler.Handle\\)"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.h.Handle(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("commit %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
		}
	}
}

// Bad: the handler runs after the commit, in the commit's success path.
func (c *Consumer) HandleAfter(ctx context.Context) error { // want HandleAfter:"commitsOffset" HandleAfter:"durableWork\\(Handler.Handle\\)"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil { // want `offset committed by \(\*kafka.Reader\).CommitMessages before Handler.Handle`
			c.log.Errorw("commit failed", "err", err)
			return err
		}
		if err := c.h.Handle(ctx, m); err != nil {
			return err
		}
	}
}

// Bad: the handler runs when the commit fails, and after it succeeds too.
func (c *Consumer) HandleOnBothPaths(ctx context.Context) error { // want HandleOnBothPaths:"commitsOffset" HandleOnBothPaths:"durableWork\\(Handler.Handle\\)"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil { // want `offset committed by \(\*kafka.Reader\).CommitMessages before Handler.Handle`
			c.onCommitError(m, err)
		}
		c.h.Handle(ctx, m)
	}
}
