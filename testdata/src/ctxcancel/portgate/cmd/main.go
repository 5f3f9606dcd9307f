// Package cmd wires the adapters into the worker and runs it on the
// shutdown context.
package cmd

import (
	"context"
	"os"
	"os/signal"

	"github.com/jackc/pgx/v5/pgxpool"

	"ctxcancel/portgate/adapters"
	"ctxcancel/portgate/worker"
)

func Main(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	m := adapters.NewManager(pool)
	w := worker.New(m, adapters.NewInbox(m), adapters.NewOrders(m))
	_ = w.Gated(ctx, "e1", "o1")
	_ = w.Ungated(ctx, "o1")            // want `ctx is cancelled on shutdown .* reaches worker.Worker.Ungated → domain.TxManager.WithinTransaction → .*tx.Commit`
	_ = w.Untested(ctx, "e1", "o1")     // want `ctx is cancelled on shutdown .* reaches worker.Worker.Untested → domain.TxManager.WithinTransaction`
	_ = w.Outside(ctx, "e1", "o1")      // want `ctx is cancelled on shutdown .* reaches worker.Worker.Outside → domain.TxManager.WithinTransaction`
	_ = w.OtherContext(ctx, "e1", "o1") // want `ctx is cancelled on shutdown .* reaches worker.Worker.OtherContext → domain.TxManager.WithinTransaction`
}
