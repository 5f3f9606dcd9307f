// Package kafkago holds kafka-go consume loops that pass over a failed
// message, and the forms that do not.
package kafkago

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

type order struct{ ID string }

type handler interface {
	Handle(ctx context.Context, o order) error
}

type consumer struct {
	r   *kafka.Reader
	h   handler
	dlq *kafka.Writer
	fn  func(ctx context.Context, m kafka.Message) error
}

// Bad: log and continue; the next CommitMessages commits past the failed order.
func logAndContinue(ctx context.Context, c *consumer) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var o order
		if err := json.Unmarshal(m.Value, &o); err != nil {
			log.Printf("invalid message: %v", err) // a payload that can never be valid: skipped on purpose
			_ = c.r.CommitMessages(ctx, m)
			continue
		}
		if err := c.h.Handle(ctx, o); err != nil {
			log.Printf("handle: %v, will retry", err)
			time.Sleep(time.Second)
			continue // want `handler.Handle fails \(kafkago.go:42\) and the loop moves on: \(\*kafka.Reader\).CommitMessages \(kafkago.go:47\) commits past the failed message`
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Bad: a bounded retry gives up and the loop moves on.
func retryThenContinue(ctx context.Context, c *consumer) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for attempt := 0; attempt < 3; attempt++ {
			if err = c.fn(ctx, m); err == nil {
				break
			}
			time.Sleep(time.Second)
		}
		if err != nil {
			log.Printf("giving up: %v", err)
			continue // want `fn fails \(kafkago.go:61\) and the loop moves on`
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// Bad: the failure is logged and the message committed anyway.
func logAndCommit(ctx context.Context, c *consumer) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.fn(ctx, m); err != nil {
			log.Printf("handle: %v", err) // want `fn fails \(kafkago.go:81\) and \(\*kafka.Reader\).CommitMessages \(kafkago.go:84\) still commits the message`
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// Good: retry until it succeeds.
func retryUntilSuccess(ctx context.Context, c *consumer) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		for {
			if err := c.fn(ctx, m); err != nil {
				log.Printf("retrying: %v", err)
				time.Sleep(time.Second)
				continue
			}
			break
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: the error stops the loop; the group redelivers after a restart.
func stop(ctx context.Context, c *consumer) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.fn(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: break out of the loop on failure.
func breakOut(ctx context.Context, c *consumer) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			break
		}
		if err := c.fn(ctx, m); err != nil {
			log.Printf("stopping: %v", err)
			break
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// Good: a dead letter whose publish is checked, then the commit.
func deadLetter(ctx context.Context, c *consumer) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.fn(ctx, m); err != nil {
			if err := c.dlq.WriteMessages(ctx, m); err != nil {
				return err
			}
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Bad: the dead letter's error is dropped before the commit.
func uncheckedDeadLetter(ctx context.Context, c *consumer) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.fn(ctx, m); err != nil {
			_ = c.dlq.WriteMessages(ctx, m) // want `fn fails \(kafkago.go:165\) and \(\*kafka.Reader\).CommitMessages \(kafkago.go:168\) still commits`
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// Good: seek back to the failed message and read it again.
func seekBack(ctx context.Context, c *consumer) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.fn(ctx, m); err != nil {
			_ = c.r.SetOffset(m.Offset)
			continue
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

var errDuplicate = errors.New("duplicate")

// Good: a duplicate is a decision about that error, not a failure passed over.
func duplicate(ctx context.Context, c *consumer) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.fn(ctx, m); err != nil && !errors.Is(err, errDuplicate) {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: log.Fatal stops the process.
func fatal(ctx context.Context, c *consumer) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.fn(ctx, m); err != nil {
			log.Fatalf("handle: %v", err)
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// Good: a reader without commits (no CommitMessages, no group): nothing moves past the failure.
func noCommit(ctx context.Context, r *kafka.Reader, fn func(context.Context, kafka.Message) error) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := fn(ctx, m); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
	}
}

func classify(err error) string {
	if errors.Is(err, errDuplicate) {
		return "duplicate"
	}
	return "transient"
}

// Good: a policy per kind of error: the classifier decides what is dropped.
func classified(ctx context.Context, c *consumer) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for {
			err := c.fn(ctx, m)
			if err == nil {
				break
			}
			if reason := classify(err); reason == "duplicate" {
				log.Printf("dropping: %v", err)
				break
			}
			time.Sleep(time.Second)
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// Good: the error flows on to one test that stops the loop; the commit
// runs only when the handler succeeded.
func errFlows(ctx context.Context, c *consumer) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		err = c.fn(ctx, m)
		if err == nil {
			err = c.r.CommitMessages(ctx, m)
		}
		log.Printf("offset %d done", m.Offset)
		if err != nil {
			return err
		}
	}
}

// Good: a failed record of the batch sets a flag, the batch is not
// committed, and the flag stops the loop.
func failedFlag(ctx context.Context, c *consumer, batch func(context.Context) ([]kafka.Message, error)) error {
	for {
		msgs, err := batch(ctx)
		if err != nil {
			return err
		}
		var failed bool
		for _, m := range msgs {
			if err := c.fn(ctx, m); err != nil {
				log.Printf("handle: %v", err)
				failed = true
				break
			}
		}
		if !failed {
			if err := c.r.CommitMessages(ctx, msgs...); err != nil {
				log.Printf("commit: %v", err)
			}
		}
		if failed {
			return errors.New("stopping after a failed message; it will be redelivered")
		}
	}
}

type store interface {
	Exec(ctx context.Context, sql string, args ...any) error
}

// Bad: the last step's failure is logged and the loop reads on; the
// group reader's ReadMessage commits as it reads.
func readGroupFallThrough(ctx context.Context, db store) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g", Topic: "t"})
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		var o order
		if err := json.Unmarshal(m.Value, &o); err != nil {
			continue
		}
		if err := db.Exec(ctx, "UPDATE orders SET state = 'paid' WHERE id = $1", o.ID); err != nil {
			log.Printf("update: %v", err) // want `store.Exec fails \(kafkago.go:325\) and the loop moves on: \(\*kafka.Reader\).ReadMessage`
		}
	}
}

// Good: a return of the error from the body of a range-over-func loop
// stops the loop (go/ssa builds the body as a function).
func rangeFunc(ctx context.Context, c *consumer, batch func() iter.Seq[kafka.Message]) error {
	for {
		for m := range batch() {
			if err := c.r.CommitMessages(ctx, m); err != nil {
				return err
			}
			if err := c.fn(ctx, m); err != nil {
				return err
			}
		}
	}
}
