// Package publisher is a company wrapper around kafka-go: its context
// parameter reaches WriteMessages (a fact), even behind its own timeout.
package publisher

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

// Publisher publishes events.
type Publisher struct {
	W       *kafka.Writer
	Timeout time.Duration
}

// Publish sends msgs under ctx, bounded by the publisher's timeout.
func (p *Publisher) Publish(ctx context.Context, msgs ...kafka.Message) error {
	ctx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	return p.W.WriteMessages(ctx, msgs...)
}
