// Package classified holds kafka-go consumers whose failure branch sorts
// the error with a function of the package (isTerminal(err)) and what each
// side does with the message.
package classified

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

var errInvalid = errors.New("invalid")

func isTerminal(err error) bool  { return errors.Is(err, errInvalid) }
func isDuplicate(err error) bool { return errors.Is(err, errInvalid) }

type processor interface {
	Process(ctx context.Context, payload []byte) error
}

type consumer struct {
	r   *kafka.Reader
	dlq *kafka.Writer
	p   processor
}

// Bad: a terminal error is committed on purpose; any other error moves on
// without a commit, for a redelivery kafka-go never makes.
func (c *consumer) transientMovesOn(ctx context.Context) { // want transientMovesOn:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` transientMovesOn:`durableWork\(processor\.Process\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.p.Process(ctx, m.Value); err != nil {
			if isTerminal(err) {
				log.Printf("terminal, committing: %v", err)
				_ = c.r.CommitMessages(ctx, m)
				continue
			}
			log.Printf("transient, not committing: %v", err)
			continue // want `processor.Process fails \(classified.go:38\) and the loop moves on: \(\*kafka.Reader\).CommitMessages \(classified.go:41\) commits past the failed message`
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// Bad: the per-message form: the transient side returns without committing
// and the next message's commit passes it.
func (c *consumer) handle(ctx context.Context, m kafka.Message) { // want handle:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` handle:`durableWork\(processor\.Process\)`
	if err := c.p.Process(ctx, m.Value); err != nil {
		if !isTerminal(err) {
			log.Printf("transient: %v", err)
			return // want `processor.Process fails \(classified.go:54\) and \(\*consumer\).handle returns without an error: \(\*kafka.Reader\).CommitMessages \(classified.go:59\)`
		}
		_ = c.r.CommitMessages(ctx, m)
		return
	}
	_ = c.r.CommitMessages(ctx, m)
}

// Bad: both sides move on: the classification decides nothing.
func (c *consumer) bothMoveOn(ctx context.Context) { // want bothMoveOn:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` bothMoveOn:`durableWork\(processor\.Process\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.p.Process(ctx, m.Value); err != nil {
			if isDuplicate(err) {
				continue // want `processor.Process fails \(classified.go:72\) and the loop moves on`
			}
			log.Printf("process: %v", err)
			continue // want `processor.Process fails \(classified.go:72\) and the loop moves on`
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// Good: a terminal error goes to a dead letter, checked, and is committed;
// any other error stops the consumer (the group redelivers it).
func (c *consumer) terminalDeadLettered(ctx context.Context) error { // want terminalDeadLettered:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` terminalDeadLettered:`durableWork\(processor\.Process\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.p.Process(ctx, m.Value); err != nil {
			if !isTerminal(err) {
				return err
			}
			if err := c.dlq.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value}); err != nil {
				return err
			}
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: a terminal error is dropped on purpose (logged, skipped); any other
// error stops the consumer: the classification separates what comes back
// from what is dropped.
func (c *consumer) terminalDropped(ctx context.Context) error { // want terminalDropped:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` terminalDropped:`durableWork\(processor\.Process\)`
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.p.Process(ctx, m.Value); err != nil {
			if isTerminal(err) {
				log.Printf("dropping poison message at offset %d: %v", m.Offset, err)
				continue
			}
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: a terminal error is committed on purpose; any other error is
// retried: the path goes back to the failed call.
func (c *consumer) transientRetried(ctx context.Context, m kafka.Message) { // want transientRetried:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` transientRetried:`durableWork\(processor\.Process\)`
	for {
		err := c.p.Process(ctx, m.Value)
		if err == nil {
			break
		}
		if isTerminal(err) {
			log.Printf("terminal, committing: %v", err)
			break
		}
		time.Sleep(time.Second)
	}
	_ = c.r.CommitMessages(ctx, m)
}
