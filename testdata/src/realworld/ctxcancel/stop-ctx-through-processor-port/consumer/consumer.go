// Package consumer runs the consume loop: it stops on its context and hands // want package:`pendingStops\(consumer.Processor.Handle at consumer.go:34\)`
// each message to a Processor port it declares; the implementation lives in
// a package this one does not import (batch 5: an order worker whose
// processor writes the order and then produces an acknowledgement).
package consumer

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

type Processor interface {
	Handle(ctx context.Context, value []byte) error
}

type Consumer struct {
	p Processor
	r *kafka.Reader
}

func New(p Processor, r *kafka.Reader) *Consumer { return &Consumer{p: p, r: r} }

func (c *Consumer) Consume(ctx context.Context) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			continue
		}
		if err := c.p.Handle(ctx, m.Value); err != nil { // reported at the wiring in main (consumer.New)
			log.Printf("handle: %v", err)
			continue
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}
