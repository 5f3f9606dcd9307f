// Package store is sqlc-generated-style access to the bookings tables.
package store

import (
	"context"
	"database/sql"
)

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

type Queries struct {
	db DBTX
}

func New(db DBTX) *Queries { return &Queries{db: db} } // want New:`readsOnly`

func (q *Queries) WithTx(tx *sql.Tx) *Queries { return &Queries{db: tx} } // want WithTx:`readsOnly`

const getBookingTotal = `SELECT total FROM bookings WHERE id = ?`

func (q *Queries) GetBookingTotal(ctx context.Context, id int64) (int64, error) { // want GetBookingTotal:`readsOnly`
	row := q.db.QueryRowContext(ctx, getBookingTotal, id)
	var total int64
	err := row.Scan(&total)
	return total, err
}

const insertBookingPayment = `INSERT INTO booking_payments (booking_id, order_id) VALUES (?, ?)`

func (q *Queries) InsertBookingPayment(ctx context.Context, bookingID int64, orderID string) error {
	_, err := q.db.ExecContext(ctx, insertBookingPayment, bookingID, orderID)
	return err
}

const updateBookingStatus = `UPDATE bookings SET status = ? WHERE id = ?`

func (q *Queries) UpdateBookingStatus(ctx context.Context, status string, id int64) error {
	_, err := q.db.ExecContext(ctx, updateBookingStatus, status, id)
	return err
}
