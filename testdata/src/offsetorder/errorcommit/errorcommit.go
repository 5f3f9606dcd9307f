// Package errorcommit holds consumers whose helper commits a message only
// on its way out with an error (a retry limit exceeded: the message is
// parked and committed), and whose caller stops on that error.
package errorcommit

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/segmentio/kafka-go"
)

type payments interface {
	Pay(ctx context.Context, key []byte) error
}

type consumer struct {
	r   *kafka.Reader
	dlq *kafka.Writer
	pay payments
	max int
}

var errLimit = errors.New("retry limit exceeded")

// giveUp parks and commits the message only when the limit is exceeded,
// and then always returns an error.
func (c *consumer) giveUp(ctx context.Context, m kafka.Message, attempts int) error { // want giveUp:"commitsOffset" giveUp:"durableWork"
	if attempts <= c.max {
		return nil
	}
	if err := c.dlq.WriteMessages(ctx, m); err != nil {
		return fmt.Errorf("park: %w", err)
	}
	if err := c.r.CommitMessages(ctx, m); err != nil {
		log.Printf("commit: %v", err)
	}
	return errLimit
}

// Good: the commit happened only if giveUp failed, and then the loop goes
// to the next message without paying.
func (c *consumer) run(ctx context.Context) { // want run:"commitsOffset" run:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.giveUp(ctx, m, len(m.Headers)); err != nil {
			continue
		}
		if err := c.pay.Pay(ctx, m.Key); err != nil {
			return
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

// Bad: on the error branch of giveUp (where it committed) the loop still
// pays.
func (c *consumer) runAnyway(ctx context.Context) { // want runAnyway:"commitsOffset" runAnyway:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.giveUp(ctx, m, len(m.Headers)); err != nil { // want `offset committed by \(\*consumer\).giveUp`
			log.Printf("over the limit: %v", err)
			_ = c.pay.Pay(ctx, m.Key)
			continue
		}
		if err := c.pay.Pay(ctx, m.Key); err != nil {
			return
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

// commitThenCheck commits on every path, including the one returning nil.
func (c *consumer) commitThenCheck(ctx context.Context, m kafka.Message) error { // want commitThenCheck:"commitsOffset"
	if err := c.r.CommitMessages(ctx, m); err != nil {
		return err
	}
	return nil
}

// Bad: commitThenCheck commits before the payment on its nil path.
func (c *consumer) runEarly(ctx context.Context) { // want runEarly:"commitsOffset" runEarly:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.commitThenCheck(ctx, m); err != nil { // want `offset committed by \(\*consumer\).commitThenCheck`
			return
		}
		if err := c.pay.Pay(ctx, m.Key); err != nil {
			return
		}
	}
}
