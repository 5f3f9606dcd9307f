// Package relay is a test module of the sweep: an outbox relay whose
// batches run on the shutdown context.
package relay

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Relay moves rows in batches until SIGTERM.
func Relay(db *sql.DB) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM outbox"); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
}
