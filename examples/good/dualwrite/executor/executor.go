// Package executor is the correct form of examples/bad/dualwrite/executor:
// the booking and its event are inserted in one transaction (the event as
// an outbox row through the same executor), and a relay publishes the
// outbox; nothing is published beside the write.
package executor

import (
	"database/sql"
)

type Booking struct {
	ID      int64
	EventID int64
}

type BookingRepo struct {
	db *sql.DB
	tx *sql.Tx
}

func (r *BookingRepo) executor() interface {
	QueryRow(query string, args ...interface{}) *sql.Row
	Exec(query string, args ...interface{}) (sql.Result, error)
} {
	if r.tx != nil {
		return r.tx
	}
	return r.db
}

func (r *BookingRepo) Create(b *Booking) error {
	if err := r.executor().QueryRow(`INSERT INTO bookings (event_id) VALUES ($1) RETURNING id`, b.EventID).Scan(&b.ID); err != nil {
		return err
	}
	_, err := r.executor().Exec(`INSERT INTO outbox (topic, key) VALUES ('bookings', $1)`, b.ID)
	return err
}

type Service struct{ db *sql.DB }

func (s *Service) CreateBooking(eventID int64) (*Booking, error) {
	tx, err := s.db.Begin()
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	repo := &BookingRepo{db: s.db, tx: tx}
	b := &Booking{EventID: eventID}
	if err := repo.Create(b); err != nil {
		return nil, err
	}
	return b, tx.Commit()
}
