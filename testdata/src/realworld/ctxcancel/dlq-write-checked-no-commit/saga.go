// Package saga consumes failed-order events and compensates them (batch 6 // want package:`pendingStops\(dlq-write-checked-no-commit.Compensator.HandleOrderFailed at saga.go:\d+\)`
// sweep: the ticket booking service's saga consumer). After a handler
// failure past the retry budget it dead-letters the message with the
// consume context; writeDLQ returns false when the write fails (or is cut
// on shutdown) and the loop then continues without committing, so on
// SIGTERM the next FetchMessage fails on the cancelled context, the loop
// returns, and the message is redelivered after the restart: a duplicate
// dead letter at worst, never a lost one. The commit runs on a context of
// its own.
package saga

import (
	"context"
	"log"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/segmentio/kafka-go"
)

const maxRetries = 3

type Compensator interface {
	HandleOrderFailed(ctx context.Context, payload []byte) error
}

type Consumer struct {
	reader  *kafka.Reader
	dlq     *kafka.Writer
	retries map[int64]int
}

func (c *Consumer) Start(ctx context.Context, compensator Compensator) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil // graceful shutdown
			}
			log.Printf("fetch: %v", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(time.Second):
			}
			continue
		}
		if handleErr := compensator.HandleOrderFailed(ctx, msg.Value); handleErr != nil {
			c.retries[msg.Offset]++
			if c.retries[msg.Offset] <= maxRetries {
				continue // retry later (no commit)
			}
			if !c.writeDLQ(ctx, msg, handleErr) {
				continue // not committed: redelivered
			}
			delete(c.retries, msg.Offset)
			c.commitOrLog(msg)
			continue
		}
		delete(c.retries, msg.Offset)
		c.commitOrLog(msg)
	}
}

// writeDLQ reports whether the dead letter was written; the caller
// commits only then.
func (c *Consumer) writeDLQ(ctx context.Context, msg kafka.Message, cause error) bool { // want writeDLQ:"reachesSink p0:writer.WriteMessages"
	dlqMsg := kafka.Message{
		Key:   msg.Key,
		Value: msg.Value,
		Headers: []kafka.Header{
			{Key: "x-original-offset", Value: []byte(strconv.FormatInt(msg.Offset, 10))},
			{Key: "x-dlq-error", Value: []byte(cause.Error())},
		},
	}
	if err := c.dlq.WriteMessages(ctx, dlqMsg); err != nil {
		log.Printf("saga dlq write failed, message retained: %v", err)
		return false
	}
	return true
}

func (c *Consumer) commitOrLog(msg kafka.Message) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.reader.CommitMessages(ctx, msg); err != nil {
		log.Printf("commit: %v", err)
	}
}

func Main(c *Consumer, compensator Compensator) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	_ = c.Start(ctx, compensator)
}
