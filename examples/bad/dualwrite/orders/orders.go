// Package orders inserts an order with pgx and then publishes its event
// with kafka-go, through a repository and a producer behind interfaces:
// a crash between the two loses the event.
package orders

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Order struct {
	ID     string
	Amount int64
}

// Repository stores orders.
type Repository interface {
	Create(ctx context.Context, o Order) error
}

type pgRepository struct{ pool *pgxpool.Pool }

// NewRepository returns the pgx repository.
func NewRepository(pool *pgxpool.Pool) Repository { return &pgRepository{pool: pool} }

func (r *pgRepository) Create(ctx context.Context, o Order) error {
	_, err := r.pool.Exec(ctx, `INSERT INTO orders (id, amount) VALUES ($1, $2)`, o.ID, o.Amount)
	return err
}

// Producer publishes order events.
type Producer interface {
	Publish(ctx context.Context, key string, value []byte) error
}

type kafkaProducer struct{ w *kafka.Writer }

// NewProducer returns the kafka-go producer.
func NewProducer(w *kafka.Writer) Producer { return &kafkaProducer{w: w} }

func (p *kafkaProducer) Publish(ctx context.Context, key string, value []byte) error {
	return p.w.WriteMessages(ctx, kafka.Message{Key: []byte(key), Value: value})
}

// Service is the use case.
type Service struct {
	repo     Repository
	producer Producer
	db       *sql.DB
}

// CreateOrder writes the order, then publishes OrderCreated.
func (s *Service) CreateOrder(ctx context.Context, o Order) error {
	if err := s.repo.Create(ctx, o); err != nil {
		return err
	}
	return s.producer.Publish(ctx, o.ID, []byte(`{"type":"OrderCreated"}`)) // want: dualwrite
}

// CancelOrder publishes first and updates with database/sql after: a
// failed update leaves consumers with a cancellation that never happened.
func (s *Service) CancelOrder(ctx context.Context, id string) error {
	if err := s.producer.Publish(ctx, id, []byte(`{"type":"OrderCanceled"}`)); err != nil { // want: dualwrite
		return err
	}
	_, err := s.db.ExecContext(ctx, `UPDATE orders SET status = 'CANCELED' WHERE id = $1`, id)
	return err
}
