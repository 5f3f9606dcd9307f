// Package publishintx publishes to RabbitMQ inside an open transaction
// that commits afterwards.
package publishintx

import (
	"context"
	"database/sql"
)

type TicketHandler struct {
	db  *sql.DB
	pub Publisher
}

func (h *TicketHandler) Open(ctx context.Context, id string, events [][]byte) error {
	tx, err := h.db.Begin()
	if err != nil {
		return err
	}
	q := New(h.db).WithTx(tx)
	if err := q.CreateTicket(ctx, id, "support"); err != nil {
		_ = tx.Rollback()
		return err
	}
	for _, e := range events {
		if err := h.pub.Publish(ctx, e, "application/json"); err != nil { // want `\(\*TicketHandler\)\.Open publishes \(publishintx\.Publisher\.Publish → … → \(\*amqp091\.Channel\)\.PublishWithContext\) inside the transaction begun at handler\.go:16, which writes \(publishintx\.\(\*Queries\)\.CreateTicket → publishintx\.DBTX\.ExecContext\) and commits later: if the commit fails, the event announces a change that rolled back`
			_ = tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// Escalate rolls the write back when the publish fails: still a dual
// write, the commit can fail after the publish succeeded.
func (h *TicketHandler) Escalate(ctx context.Context, id string) error {
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE tickets SET kind = 'urgent' WHERE id = $1`, id); err != nil {
		return err
	}
	if err := h.pub.Publish(ctx, []byte(id), "text/plain"); err != nil { // want `Escalate publishes .* inside the transaction begun at handler\.go:37, which writes \(\(\*sql\.Tx\)\.ExecContext\)`
		return err
	}
	return tx.Commit()
}

// After commits first and publishes after: a write then a publish.
func (h *TicketHandler) After(ctx context.Context, id string) error {
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO tickets (id, kind) VALUES ($1, 'x')`, id); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return h.pub.Publish(ctx, []byte(id), "text/plain") // want `After writes to the database \(\(\*sql\.Tx\)\.ExecContext\) and then publishes`
}
