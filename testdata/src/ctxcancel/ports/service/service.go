// Package service is a use case: it updates the order and publishes the
// compensation through its own port, OrderEvents, implemented only in a
// package that imports this one (the Kafka adapter, wired in main). The
// summary records the port call as pending, to be resolved where an
// implementation is in sight.
package service

import (
	"context"
	"database/sql"
)

type OrderEvents interface {
	OrderCanceled(ctx context.Context, id string) error
}

type Orders struct {
	DB     *sql.DB
	Events OrderEvents
}

func (o *Orders) Cancel(ctx context.Context, id string) error { // want Cancel:"reachesSink p0:OrderEvents.OrderCanceled"
	if _, err := o.DB.ExecContext(ctx, `UPDATE orders SET status = 'CANCELED' WHERE id = $1`, id); err != nil {
		return err
	}
	return o.Events.OrderCanceled(ctx, id)
}

// CancelDetached gives the port a detached context with a deadline: the
// pending sink is not reached by its caller's context.
func (o *Orders) CancelDetached(ctx context.Context, id string) error {
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5e9)
	defer cancel()
	return o.Events.OrderCanceled(pctx, id)
}
