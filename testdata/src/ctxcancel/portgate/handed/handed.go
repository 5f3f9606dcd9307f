// Package handed hands its handlers to the project's consume loop as
// method values; the transaction and the inbox are ports wired in cmd.
package handed

import (
	"context"

	"github.com/segmentio/kafka-go"

	"ctxcancel/portgate/bus"
	"ctxcancel/portgate/domain"
)

type Worker struct {
	c      *bus.Consumer
	tx     domain.TxManager
	inbox  domain.Inbox
	orders domain.Orders
}

func New(c *bus.Consumer, tx domain.TxManager, inbox domain.Inbox, orders domain.Orders) *Worker {
	return &Worker{c: c, tx: tx, inbox: inbox, orders: orders}
}

// RunGated: each message's transaction claims its key through the inbox
// port first and skips a duplicate; the loop commits after: a cut rolls
// the claim back and the redelivery replays it.
func (w *Worker) RunGated(ctx context.Context) error { return w.c.Run(ctx, w.gated) } // want RunGated:"reachesSink p0:bus.Consumer.Run→gated→domain.TxManager.WithinTransaction/gate:domain.Inbox.Claim"

// RunUngated: the same transaction without the claim.
func (w *Worker) RunUngated(ctx context.Context) error { return w.c.Run(ctx, w.ungated) } // want RunUngated:"reachesSink p0:bus.Consumer.Run→ungated→domain.TxManager.WithinTransaction"

func (w *Worker) gated(ctx context.Context, m kafka.Message) error { // want gated:"reachesSink p0:domain.TxManager.WithinTransaction/gate:domain.Inbox.Claim"
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		fresh, err := w.inbox.Claim(ctx, string(m.Key))
		if err != nil || !fresh {
			return err
		}
		return w.orders.MarkPaid(ctx, string(m.Value))
	})
}

func (w *Worker) ungated(ctx context.Context, m kafka.Message) error { // want ungated:"reachesSink p0:domain.TxManager.WithinTransaction"
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		return w.orders.MarkPaid(ctx, string(m.Value))
	})
}
