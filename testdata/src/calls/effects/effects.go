// Package effects declares repositories and producers whose summaries
// carry write and publish chains.
package effects

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"gorm.io/gorm"
)

type Order struct{ ID string }

type OutboxEvent struct{ Payload []byte }

// Repository is implemented below: its methods' summaries are the
// implementation's.
type Repository interface {
	Create(ctx context.Context, o Order) error          // want Create:`^write\(effects\.\(\*PgRepo\)\.Create → \(\*pgxpool\.Pool\)\.Exec\)$`
	Find(ctx context.Context, id string) (Order, error) // want Find:`^read\(effects\.\(\*PgRepo\)\.Find → \(\*pgxpool\.Pool\)\.QueryRow\)$`
}

type PgRepo struct{ pool *pgxpool.Pool }

func (r *PgRepo) Create(ctx context.Context, o Order) error { // want Create:`^write\(\(\*pgxpool\.Pool\)\.Exec\)$`
	_, err := r.pool.Exec(ctx, "INSERT INTO orders (id) VALUES ($1)", o.ID)
	return err
}

// Find only reads: no write.
func (r *PgRepo) Find(ctx context.Context, id string) (Order, error) { // want Find:`^read\(\(\*pgxpool\.Pool\)\.QueryRow\)$`
	var o Order
	err := r.pool.QueryRow(ctx, "SELECT id FROM orders WHERE id = $1", id).Scan(&o.ID)
	return o, err
}

// Returning writes through QueryRow: the SQL inserts.
func (r *PgRepo) Returning(ctx context.Context, o Order) (string, error) { // want Returning:`^write\(\(\*pgxpool\.Pool\)\.QueryRow\)$`
	var id string
	err := r.pool.QueryRow(ctx, "INSERT INTO orders (id) VALUES ($1) RETURNING id", o.ID).Scan(&id)
	return id, err
}

// Enqueue writes only an outbox row: the outbox pattern, not a write
// (nor a read).
func (r *PgRepo) Enqueue(ctx context.Context, payload []byte) error {
	_, err := r.pool.Exec(ctx, "INSERT INTO outbox_event (payload) VALUES ($1)", payload)
	return err
}

// GormRepo writes with GORM.
type GormRepo struct{ db *gorm.DB }

func (r *GormRepo) Save(o *Order) error { // want Save:`^write\(\(\*gorm\.DB\)\.Create\)$`
	return r.db.Create(o).Error
}

// SaveOutbox creates an outbox row: no write.
func (r *GormRepo) SaveOutbox(e *OutboxEvent) error {
	return r.db.Create(e).Error
}

// Producer is implemented below.
type Producer interface {
	Publish(ctx context.Context, key string, v []byte) error // want Publish:`^publish\(effects\.\(\*KafkaProducer\)\.Publish → \(\*kafka\.Writer\)\.WriteMessages\)$`
}

type KafkaProducer struct{ w *kafka.Writer }

func (p *KafkaProducer) Publish(ctx context.Context, key string, v []byte) error { // want Publish:`^publish\(\(\*kafka\.Writer\)\.WriteMessages\)$`
	return p.w.WriteMessages(ctx, kafka.Message{Key: []byte(key), Value: v})
}

// MessageWriter has no implementation in sight; its method mirrors
// (*kafka.Writer).WriteMessages.
type MessageWriter interface {
	WriteMessages(ctx context.Context, msgs ...kafka.Message) error // want WriteMessages:`^publish\(\(\*kafka\.Writer\)\.WriteMessages\)$`
}

// Local SQL in a variable set to a constant is classified like the constant.
func (r *PgRepo) Purge(ctx context.Context) error { // want Purge:`^write\(\(\*pgxpool\.Pool\)\.Exec\)$`
	query := "DELETE FROM orders WHERE created_at < now() - interval '1 year'"
	_, err := r.pool.Exec(ctx, query)
	return err
}

// Mark updates an outbox held in a local variable: neither write nor read.
func (r *PgRepo) Mark(ctx context.Context, id int64) error {
	query := "UPDATE outbox_event SET published_at = now() WHERE id = $1"
	_, err := r.pool.Exec(ctx, query, id)
	return err
}
