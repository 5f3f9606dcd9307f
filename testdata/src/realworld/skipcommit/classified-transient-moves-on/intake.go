// Package intake persists bookings taken from Kafka (batch 6 sweep: a ticket
// booking service's intake consumer). The per-message handler sorts a
// processor error: a terminal error (sold out, duplicate) is compensated and
// committed, any other error is left uncommitted "so that Kafka redelivers
// it". kafka-go does not fetch an uncommitted message again: the loop reads
// the next one, whose commit covers the failed offset too, and the booking
// is never persisted.
package intake

import (
	"context"
	"errors"
	"log"

	"github.com/segmentio/kafka-go"
)

var ErrSoldOut = errors.New("sold out")

type Processor interface {
	Process(ctx context.Context, payload []byte) error
}

type Consumer struct {
	reader    *kafka.Reader
	processor Processor
}

func (c *Consumer) Start(ctx context.Context) { // want Start:`commitsOffset\(\(\*Consumer\)\.handle → \(\*Consumer\)\.commit → \(\*kafka\.Reader\)\.CommitMessages\)` Start:`durableWork\(\(\*Consumer\)\.handle → Processor\.Process\)`
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return
		}
		c.handle(ctx, msg)
	}
}

func isTerminal(err error) bool { return errors.Is(err, ErrSoldOut) }

func (c *Consumer) handle(ctx context.Context, msg kafka.Message) { // want handle:`commitsOffset\(\(\*Consumer\)\.commit → \(\*kafka\.Reader\)\.CommitMessages\)` handle:`durableWork\(Processor\.Process\)`
	if err := c.processor.Process(ctx, msg.Value); err != nil {
		if isTerminal(err) {
			log.Printf("terminal: %v", err)
			c.commit(msg)
			return
		}
		log.Printf("transient, not committing: %v", err)
		return // want `returns without an error`
	}
	c.commit(msg)
}

func (c *Consumer) commit(msg kafka.Message) { // want commit:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)`
	if err := c.reader.CommitMessages(context.Background(), msg); err != nil {
		log.Printf("commit: %v", err)
	}
}
