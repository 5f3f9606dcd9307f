// Package cmdseen wires an inbox that only remembers ids in memory: its
// Claim claims nothing in the transaction, which stays a plain one.
package cmdseen

import (
	"context"
	"os"
	"os/signal"

	"github.com/jackc/pgx/v5/pgxpool"

	"ctxcancel/portgate/adapters"
	"ctxcancel/portgate/worker"
)

// NotAClaim: Gated's claim port is wired to a cache, not a claim.
func NotAClaim(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	m := adapters.NewManager(pool)
	w := worker.New(m, &adapters.Seen{}, adapters.NewOrders(m))
	_ = w.Gated(ctx, "e1", "o1") // want `ctx is cancelled on shutdown .* reaches worker.Worker.Gated → domain.TxManager.WithinTransaction`
}
