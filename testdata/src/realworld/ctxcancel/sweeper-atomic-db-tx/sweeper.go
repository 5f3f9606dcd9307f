// Package sweeper releases reservations that were never paid (batch 6
// sweep: a ticket booking service's expiry sweeper). The loop stops on its
// signal context and passes it to Compensate, whose one transaction locks
// the order, checks that it is still awaiting payment, returns the tickets
// and marks the order compensated. A SIGTERM that cuts the transaction
// rolls all of it back; the order is still awaiting payment, and the next
// sweep (after the restart) selects it again. Nothing outside the database
// happens, and the work item comes from the database, not from a consumed
// message whose offset moved on.
package sweeper

import (
	"context"
	"database/sql"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"
)

type Compensator struct{ db *sql.DB }

func (c *Compensator) Compensate(ctx context.Context, orderID string) error { // want Compensate:`reachesSink p0:db\.BeginTx`
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var qty int
	var ticketType, status string
	if err := tx.QueryRowContext(ctx, `SELECT ticket_type_id, quantity, status FROM orders WHERE id = $1 FOR UPDATE`, orderID).Scan(&ticketType, &qty, &status); err != nil {
		return err
	}
	if status != "awaiting_payment" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE ticket_types SET available = available + $1 WHERE id = $2`, qty, ticketType); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'compensated' WHERE id = $1`, orderID); err != nil {
		return err
	}
	return tx.Commit()
}

func sweep(ctx context.Context, db *sql.DB, c *Compensator) {
	rows, err := db.QueryContext(ctx, `SELECT id FROM orders WHERE status = 'awaiting_payment' AND reserved_until < now()`)
	if err != nil {
		return
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err == nil {
			ids = append(ids, id)
		}
	}
	_ = rows.Close()
	for _, id := range ids {
		if ctx.Err() != nil {
			return
		}
		if err := c.Compensate(ctx, id); err != nil {
			log.Printf("compensate %s: %v", id, err)
		}
	}
}

func Run(db *sql.DB) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c := &Compensator{db: db}
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			sweep(ctx, db, c)
		}
	}
}
