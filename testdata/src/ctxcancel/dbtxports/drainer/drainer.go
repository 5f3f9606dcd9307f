// Package drainer runs a loop that stops on its context and hands each // want package:`pendingStops\(drainer.Queue.Next at drainer.go:\d+; sweeper.Compensator.Compensate at drainer.go:\d+\)`
// item it takes from a Queue port to the sweeper's Compensator port; the
// queue's implementation commits the Kafka offsets of what it hands out.
package drainer

import (
	"context"

	"ctxcancel/dbtxports/sweeper"
)

type Queue interface {
	Next(ctx context.Context) ([]string, error)
}

type Drainer struct {
	q    Queue
	comp sweeper.Compensator
}

func NewDrainer(q Queue, comp sweeper.Compensator) *Drainer { return &Drainer{q: q, comp: comp} }

func (d *Drainer) Run(ctx context.Context) {
	for ctx.Err() == nil {
		ids, err := d.q.Next(ctx)
		if err != nil {
			continue
		}
		for _, id := range ids {
			_ = d.comp.Compensate(ctx, id)
		}
	}
}
