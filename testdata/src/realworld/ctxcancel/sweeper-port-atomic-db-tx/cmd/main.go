// Package cmd is the composition root: it wires the adapter into the
// sweeper and runs it on the signal context.
package cmd

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"
	"time"

	"realworld/ctxcancel/sweeper-port-atomic-db-tx/expiry"
	"realworld/ctxcancel/sweeper-port-atomic-db-tx/postgres"
)

func Main(db *sql.DB) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s := expiry.NewSweeper(postgres.NewOrderRepository(db), postgres.NewCompensator(db))
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.Sweep(ctx)
		}
	}
}
