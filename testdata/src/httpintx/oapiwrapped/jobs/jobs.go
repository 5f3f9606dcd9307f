// Package jobs holds queue workers: each opens a database/sql transaction,
// talks to the ticket provider through the generated client's interface
// and records the outcome.
package jobs

import (
	"context"
	"database/sql"

	"httpintx/oapiwrapped/provider"
)

type SelectSeatsWorker struct {
	db       *sql.DB
	Provider provider.ClientInterface
}

func NewSelectSeatsWorker(db *sql.DB, p provider.ClientInterface) *SelectSeatsWorker {
	return &SelectSeatsWorker{db: db, Provider: p}
}

// Work starts the order at the provider while the transaction that stores
// its ID is open.
func (w *SelectSeatsWorker) Work(ctx context.Context, bookingID int64) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	resp, err := w.Provider.StartOrder(ctx) // want `HTTP call provider.ClientInterface.StartOrder`
	if err != nil {
		return err
	}
	defer resp.Body.Close()

	if _, err := tx.ExecContext(ctx, "INSERT INTO booking_orders (booking_id, status) VALUES ($1, 'STARTED')", bookingID); err != nil {
		return err
	}
	return tx.Commit()
}

// WorkWrapped calls through the response-decoding wrapper: the same call.
func WorkWrapped(ctx context.Context, db *sql.DB, c *provider.ClientWithResponses, bookingID int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	if _, err := c.StartOrderWithResponse(ctx); err != nil { // want `HTTP call`
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO booking_orders (booking_id, status) VALUES ($1, 'STARTED')", bookingID); err != nil {
		return err
	}
	return tx.Commit()
}

// WorkAfterCommit records first and calls the provider once the commit
// returned: nothing is held open across the call.
func (w *SelectSeatsWorker) WorkAfterCommit(ctx context.Context, bookingID int64) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO booking_orders (booking_id, status) VALUES ($1, 'PENDING')", bookingID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	resp, err := w.Provider.StartOrder(ctx)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// WorkBeforeBegin calls the provider before the transaction opens.
func (w *SelectSeatsWorker) WorkBeforeBegin(ctx context.Context, bookingID int64) error {
	resp, err := w.Provider.GetOrder(ctx, "o-1")
	if err != nil {
		return err
	}
	resp.Body.Close()
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE bookings SET status = 'CONFIRMED' WHERE id = $1", bookingID); err != nil {
		return err
	}
	return tx.Commit()
}

// WorkReadOnly reads inside a read-only transaction: it holds no row
// lock while the provider answers.
func (w *SelectSeatsWorker) WorkReadOnly(ctx context.Context, bookingID int64) error {
	tx, err := w.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.QueryRowContext(ctx, "SELECT status FROM bookings WHERE id = $1", bookingID).Scan(&status); err != nil {
		return err
	}
	resp, err := w.Provider.GetOrder(ctx, "o-1")
	if err != nil {
		return err
	}
	resp.Body.Close()
	return tx.Commit()
}
