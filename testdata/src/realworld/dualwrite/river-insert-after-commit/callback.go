// Package callback handles the payment gateway's success callback of a
// ticket-booking service (batch 7 sweep). It marks the payment and the
// booking paid in one transaction and, after the commit, enqueues the River
// job that places the seats at the ticket provider with Client.Insert, which
// makes the job durable in a transaction of its own. A crash between the
// commit and the insert, or a failed insert (logged, and the gateway is
// answered 200 all the same), leaves a paid booking that nothing will ever
// place. The correct form enqueues with InsertTx on the booking's own
// transaction, so that the job and the change commit together.
package callback

import (
	"context"
	"database/sql"
	"log"

	"github.com/riverqueue/river"
)

type SelectSeatsArgs struct {
	BookingID int64 `json:"booking_id"`
}

func (SelectSeatsArgs) Kind() string { return "booking.select_seats" }

type Server struct {
	db    *sql.DB
	river *river.Client[*sql.Tx]
}

func (s *Server) PaymentCompleted(ctx context.Context, orderID string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	var bookingID int64
	if err := tx.QueryRowContext(ctx, "UPDATE booking_payments SET status = 'SUCCESS' WHERE order_id = $1 RETURNING booking_id", orderID).Scan(&bookingID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE bookings SET status = 'CONFIRMED' WHERE id = $1", bookingID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}

	if _, err := s.river.Insert(ctx, SelectSeatsArgs{BookingID: bookingID}, nil); err != nil { // want `writes to the database .* and then publishes`
		log.Printf("enqueue seat selection for booking %d: %v", bookingID, err)
	}
	return nil
}

// PaymentCompletedTx is the correct form: the job is inserted on the
// booking's transaction and commits with it.
func (s *Server) PaymentCompletedTx(ctx context.Context, orderID string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	var bookingID int64
	if err := tx.QueryRowContext(ctx, "UPDATE booking_payments SET status = 'SUCCESS' WHERE order_id = $1 RETURNING booking_id", orderID).Scan(&bookingID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE bookings SET status = 'CONFIRMED' WHERE id = $1", bookingID); err != nil {
		return err
	}
	if _, err := s.river.InsertTx(ctx, tx, SelectSeatsArgs{BookingID: bookingID}, nil); err != nil {
		return err
	}
	return tx.Commit()
}
