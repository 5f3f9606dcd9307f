// Package cmdhanded wires the adapters into workers whose handlers the
// project's consume loop runs, on the shutdown context.
package cmdhanded

import (
	"context"
	"os"
	"os/signal"

	"github.com/jackc/pgx/v5/pgxpool"

	"ctxcancel/portgate/adapters"
	"ctxcancel/portgate/bus"
	"ctxcancel/portgate/handed"
)

func Main(pool *pgxpool.Pool, c *bus.Consumer) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	m := adapters.NewManager(pool)
	w := handed.New(c, m, adapters.NewInbox(m), adapters.NewOrders(m))
	_ = w.RunGated(ctx)
	_ = w.RunUngated(ctx) // want `ctx is cancelled on shutdown .* reaches handed.Worker.RunUngated → bus.Consumer.Run → ungated → domain.TxManager.WithinTransaction`
}
