// Package executorrepo: a repository runs its SQL through an anonymous
// interface over *sql.DB and *sql.Tx (database/sql's methods, no context),
// and the service publishes after the write.
package executorrepo

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

type OrderRepo struct {
	db *sql.DB
	tx *sql.Tx
}

func (r *OrderRepo) executor() interface {
	QueryRow(query string, args ...interface{}) *sql.Row
	Exec(query string, args ...interface{}) (sql.Result, error)
} {
	if r.tx != nil {
		return r.tx
	}
	return r.db
}

func (r *OrderRepo) Create(id string) (int64, error) {
	var n int64
	err := r.executor().QueryRow(`INSERT INTO orders (ext_id) VALUES ($1) RETURNING id`, id).Scan(&n)
	return n, err
}

func (r *OrderRepo) Find(id string) (int64, error) {
	var n int64
	err := r.executor().QueryRow(`SELECT id FROM orders WHERE ext_id = $1`, id).Scan(&n)
	return n, err
}

type Service struct {
	orders *OrderRepo
	w      *kafka.Writer
}

func (s *Service) Place(ctx context.Context, id string) error {
	if _, err := s.orders.Create(id); err != nil {
		return err
	}
	return s.w.WriteMessages(ctx, kafka.Message{Key: []byte(id)}) // want `\(\*Service\)\.Place writes to the database \(executorrepo\.\(\*OrderRepo\)\.Create → executorrepo\.QueryRow\) and then publishes`
}

// Lookup only reads before publishing.
func (s *Service) Lookup(ctx context.Context, id string) error {
	if _, err := s.orders.Find(id); err != nil {
		return err
	}
	return s.w.WriteMessages(ctx, kafka.Message{Key: []byte(id)})
}
