// Package worker applies events through the domain ports only; the
// adapters are wired in cmd, so whether a transaction commits, and whether
// Claim claims, is known there.
package worker

import (
	"context"

	"ctxcancel/portgate/domain"
)

type Worker struct {
	tx     domain.TxManager
	inbox  domain.Inbox
	orders domain.Orders
}

func New(tx domain.TxManager, inbox domain.Inbox, orders domain.Orders) *Worker {
	return &Worker{tx: tx, inbox: inbox, orders: orders}
}

// Gated claims the event id through the inbox port inside the transaction
// callback and skips a duplicate: a cut rolls the claim back with the
// work and the redelivery replays it.
func (w *Worker) Gated(ctx context.Context, eventID, orderID string) error { // want Gated:"reachesSink p0:domain.TxManager.WithinTransaction/gate:domain.Inbox.Claim"
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		fresh, err := w.inbox.Claim(ctx, eventID)
		if err != nil || !fresh {
			return err
		}
		return w.orders.MarkPaid(ctx, orderID)
	})
}

// Ungated has no claim.
func (w *Worker) Ungated(ctx context.Context, orderID string) error { // want Ungated:"reachesSink p0:domain.TxManager.WithinTransaction"
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		return w.orders.MarkPaid(ctx, orderID)
	})
}

// Untested claims but goes on whatever the outcome: a duplicate is
// applied again.
func (w *Worker) Untested(ctx context.Context, eventID, orderID string) error { // want Untested:"reachesSink p0:domain.TxManager.WithinTransaction"
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		if _, err := w.inbox.Claim(ctx, eventID); err != nil {
			return err
		}
		return w.orders.MarkPaid(ctx, orderID)
	})
}

// Outside claims before the transaction, on its own connection: the claim
// commits on its own and a cut transaction is never replayed.
func (w *Worker) Outside(ctx context.Context, eventID, orderID string) error { // want Outside:"reachesSink p0:domain.Inbox.Claim p0:domain.TxManager.WithinTransaction"
	fresh, err := w.inbox.Claim(ctx, eventID)
	if err != nil || !fresh {
		return err
	}
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		return w.orders.MarkPaid(ctx, orderID)
	})
}

// OtherContext claims on the outer context, not the callback's: the claim
// does not run in the transaction.
func (w *Worker) OtherContext(ctx context.Context, eventID, orderID string) error { // want OtherContext:"reachesSink p0:domain.TxManager.WithinTransaction p0:domain.Inbox.Claim"
	outer := ctx
	return w.tx.WithinTransaction(ctx, func(ctx context.Context) error {
		fresh, err := w.inbox.Claim(outer, eventID)
		if err != nil || !fresh {
			return err
		}
		return w.orders.MarkPaid(ctx, orderID)
	})
}
