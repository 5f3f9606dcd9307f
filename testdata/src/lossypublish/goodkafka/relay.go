// Package goodkafka: synchronous writers that wait for acks, one batch per
// WriteMessages call, and a writer whose configuration is not in sight.
package goodkafka

import (
	"context"
	"database/sql"
	"time"

	"github.com/segmentio/kafka-go"
)

type Relay struct {
	db *sql.DB
	w  *kafka.Writer
}

func NewRelay(db *sql.DB, brokers []string) *Relay {
	return &Relay{db: db, w: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Topic:        "orders",
		RequiredAcks: kafka.RequireAll,
	}}
}

func (r *Relay) flush(ctx context.Context, msgs []kafka.Message, ids []int64) error {
	if err := r.w.WriteMessages(ctx, msgs...); err != nil {
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET published_at = now() WHERE id = ANY($1)", ids)
	return err
}

// NewWriter turns a zero RequiredAcks into RequireAll; a small
// BatchTimeout flushes one message at once.
type Leader struct {
	db *sql.DB
	w  *kafka.Writer
}

func NewLeader(db *sql.DB) *Leader {
	w := kafka.NewWriter(kafka.WriterConfig{Topic: "orders", BatchTimeout: 5 * time.Millisecond})
	return &Leader{db: db, w: w}
}

func (l *Leader) one(ctx context.Context, m kafka.Message, id int64) error {
	if err := l.w.WriteMessages(ctx, m); err != nil {
		return err
	}
	_, err := l.db.ExecContext(ctx, "UPDATE outbox SET sent = true WHERE id = $1", id)
	return err
}

// A writer of unknown configuration (a parameter): its acks are not known.
func relayWith(ctx context.Context, db *sql.DB, w *kafka.Writer, msgs []kafka.Message) error {
	if err := w.WriteMessages(ctx, msgs...); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "DELETE FROM outbox")
	return err
}

// RequireOne set after construction.
type One struct {
	db *sql.DB
	w  *kafka.Writer
}

func NewOne(db *sql.DB) *One {
	w := &kafka.Writer{Topic: "orders"}
	w.RequiredAcks = kafka.RequireOne
	return &One{db: db, w: w}
}

func (o *One) flush(ctx context.Context, msgs []kafka.Message) error {
	if err := o.w.WriteMessages(ctx, msgs...); err != nil {
		return err
	}
	_, err := o.db.ExecContext(ctx, "UPDATE outbox SET status = 'PUBLISHED'")
	return err
}
