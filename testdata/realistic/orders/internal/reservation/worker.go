// Package reservation retries stock reservations that failed after commit.
package reservation

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"example.com/corpus/orders/internal/inventory"
)

// Worker scans unreserved orders and reserves them.
type Worker struct {
	DB  *sql.DB
	Inv *inventory.Client
	Log *slog.Logger
}

// Run scans every few seconds until ctx is done.
func (w *Worker) Run(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(5 * time.Second):
		}
		if err := w.scan(ctx); err != nil {
			w.Log.WarnContext(ctx, "reservation scan", "error", err)
		}
	}
}

// scan claims rows in a short transaction, commits, and only then calls the
// inventory service for each.
func (w *Worker) scan(ctx context.Context) error {
	tx, err := w.DB.BeginTx(ctx, nil) // want: ctxcancel
	if err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `
		UPDATE orders SET reservation_claimed_at = now()
		WHERE id IN (SELECT id FROM orders WHERE status = 'NEW' AND reserved = false
		             ORDER BY created_at LIMIT 20 FOR UPDATE SKIP LOCKED)
		RETURNING id`)
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			_ = tx.Rollback()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := tx.Commit(); err != nil {
		return err
	}
	for _, id := range ids {
		if err := w.Inv.Reserve(ctx, id, nil); err != nil {
			w.Log.WarnContext(ctx, "reserve", "order_id", id, "error", err)
			continue
		}
		if _, err := w.DB.ExecContext(ctx, `UPDATE orders SET reserved = true WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return nil
}
