// Package executor stores bookings through a repository whose SQL runs on
// an executor interface over *sql.DB and *sql.Tx (database/sql's own
// methods), and then publishes the booking event with sarama: a crash or
// a broker error between the two loses the event.
package executor

import (
	"database/sql"
	"fmt"

	"github.com/IBM/sarama"
)

type Booking struct {
	ID      int64
	EventID int64
}

type BookingRepo struct {
	db *sql.DB
	tx *sql.Tx
}

// executor runs the statement on the transaction when the repository has
// one, else on the pool.
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
	return r.executor().QueryRow(`INSERT INTO bookings (event_id) VALUES ($1) RETURNING id`, b.EventID).Scan(&b.ID)
}

type Service struct {
	bookings *BookingRepo
	producer sarama.SyncProducer
}

func (s *Service) CreateBooking(eventID int64) (*Booking, error) {
	b := &Booking{EventID: eventID}
	if err := s.bookings.Create(b); err != nil {
		return nil, err
	}
	s.publish(b) // want: dualwrite
	return b, nil
}

func (s *Service) publish(b *Booking) {
	msg := &sarama.ProducerMessage{Topic: "bookings", Key: sarama.StringEncoder(fmt.Sprint(b.ID))}
	if _, _, err := s.producer.SendMessage(msg); err != nil {
		fmt.Printf("publish booking %d: %v\n", b.ID, err)
	}
}
