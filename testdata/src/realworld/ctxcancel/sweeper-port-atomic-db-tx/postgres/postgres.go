// Package postgres is the adapter: the order repository's query and the
// compensator's database-only transaction.
package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"realworld/ctxcancel/sweeper-port-atomic-db-tx/expiry"
)

type OrderRepository struct{ db *sql.DB }

func NewOrderRepository(db *sql.DB) *OrderRepository { return &OrderRepository{db: db} }

func (r *OrderRepository) FindExpiredReservations(ctx context.Context, grace time.Duration, limit int) ([]expiry.ExpiredReservation, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT id, EXTRACT(EPOCH FROM (NOW() - reserved_until))
		  FROM orders
		 WHERE status = 'awaiting_payment' AND reserved_until <= NOW() - $1::interval
		 ORDER BY reserved_until LIMIT $2`, fmt.Sprintf("%f seconds", grace.Seconds()), limit)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	var out []expiry.ExpiredReservation
	for rows.Next() {
		var id string
		var age float64
		if err := rows.Scan(&id, &age); err != nil {
			return nil, err
		}
		out = append(out, expiry.ExpiredReservation{ID: id, Age: time.Duration(age * float64(time.Second))})
	}
	return out, rows.Err()
}

type compensator struct{ db *sql.DB }

func NewCompensator(db *sql.DB) expiry.Compensator { return &compensator{db: db} }

func (c *compensator) Compensate(ctx context.Context, orderID string) error { // want Compensate:`reachesSink p0:db\.BeginTx`
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	var ticketType, status string
	var qty int
	if err := tx.QueryRowContext(ctx, `SELECT ticket_type_id, quantity, status FROM orders WHERE id = $1 FOR UPDATE`, orderID).Scan(&ticketType, &qty, &status); err != nil {
		return fmt.Errorf("lock order: %w", err)
	}
	if status != "awaiting_payment" {
		return expiry.ErrNotEligible
	}
	if _, err := tx.ExecContext(ctx, `UPDATE event_ticket_types SET available_tickets = available_tickets + $1, version = version + 1 WHERE id = $2`, qty, ticketType); err != nil {
		return fmt.Errorf("revert inventory: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'compensated' WHERE id = $1 AND status = 'awaiting_payment'`, orderID); err != nil {
		return fmt.Errorf("mark compensated: %w", err)
	}
	return tx.Commit()
}
