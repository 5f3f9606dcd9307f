package kafkarequirenone

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

type Relay struct {
	db *sql.DB
	w  *kafka.Writer
}

func NewRelay(db *sql.DB) *Relay {
	w := kafka.NewWriter(kafka.WriterConfig{Brokers: []string{"kafka:9092"}, Topic: "orders"})
	w.RequiredAcks = kafka.RequireNone // set after construction
	return &Relay{db: db, w: w}
}

func (r *Relay) flush(ctx context.Context, msgs []kafka.Message, id int64) error {
	if err := r.w.WriteMessages(ctx, msgs...); err != nil { // want `relay marks rows published \(UPDATE, line 25\) after WriteMessages on a writer with RequiredAcks: RequireNone \(relay.go:17\)`
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox_events SET status = 'SENT' WHERE id = $1", id)
	return err
}

// explicit zero in the literal
var zero = &kafka.Writer{Topic: "audit", RequiredAcks: 0}

func flushZero(ctx context.Context, db *sql.DB, msgs []kafka.Message) error {
	if err := zero.WriteMessages(ctx, msgs...); err != nil { // want `after WriteMessages on a writer with RequiredAcks: RequireNone \(relay.go:30\)`
		return err
	}
	_, err := db.ExecContext(ctx, "DELETE FROM outbox")
	return err
}

// Async switched on after construction, through a constructor's result.
type Events struct {
	db *sql.DB
	w  *kafka.Writer
}

func newWriter() *kafka.Writer {
	return &kafka.Writer{Topic: "events", RequiredAcks: kafka.RequireAll}
}

func NewEvents(db *sql.DB) *Events {
	w := newWriter()
	w.Async = true
	return &Events{db: db, w: w}
}

func (e *Events) flush(ctx context.Context, msgs []kafka.Message) error {
	if err := e.w.WriteMessages(ctx, msgs...); err != nil { // want `after WriteMessages on a writer with Async: true \(relay.go:52\)`
		return err
	}
	_, err := e.db.ExecContext(ctx, "UPDATE outbox SET relayed = true")
	return err
}
