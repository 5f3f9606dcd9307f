// Package gormmark: relays that record a row published with GORM (Model(&row)
// .Updates of the status and processed_at columns, Update of one column, a
// struct of the row, a Delete of the outbox row) after a publish on a
// kafka-go Writer literal without RequiredAcks (acks=0).
package gormmark

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
	"gorm.io/gorm"
)

type OutboxEvent struct {
	ID          string
	Payload     []byte
	Status      string
	RetryCount  int
	ProcessedAt *time.Time
}

type Order struct {
	ID     string
	Status string
}

type Relay struct {
	db *gorm.DB
	w  *kafka.Writer
}

func New(db *gorm.DB) *Relay {
	return &Relay{db: db, w: &kafka.Writer{Addr: kafka.TCP("kafka:9092"), Topic: "orders"}}
}

// The map of columns: status and processed_at.
func (r *Relay) updatesMap(ctx context.Context, events []OutboxEvent) {
	for _, e := range events {
		if err := r.w.WriteMessages(ctx, kafka.Message{Value: e.Payload}); err != nil { // want `relay marks rows published \(Updates, line 45\) after WriteMessages on a writer without RequiredAcks`
			r.db.Model(&e).Update("retry_count", e.RetryCount+1) // a retry, not a mark
			continue
		}
		now := time.Now()
		r.db.WithContext(ctx).Model(&e).Updates(map[string]interface{}{"status": "PROCESSED", "processed_at": now})
	}
}

// One column through Update, the table named by Table.
func (r *Relay) updateOne(ctx context.Context, e OutboxEvent) error {
	if err := r.w.WriteMessages(ctx, kafka.Message{Value: e.Payload}); err != nil { // want `relay marks rows published \(Update, line 54\)`
		return err
	}
	return r.db.Table("outbox_events").Where("id = ?", e.ID).Update("status", "SENT").Error
}

// The row's struct: its keyed fields are the columns.
func (r *Relay) updatesStruct(ctx context.Context, e *OutboxEvent) error {
	if err := r.w.WriteMessages(ctx, kafka.Message{Value: e.Payload}); err != nil { // want `relay marks rows published \(Updates, line 62\)`
		return err
	}
	return r.db.Model(e).Updates(OutboxEvent{Status: "PUBLISHED"}).Error
}

// The row deleted once sent.
func (r *Relay) deleteRow(ctx context.Context, e OutboxEvent) error {
	if err := r.w.WriteMessages(ctx, kafka.Message{Value: e.Payload}); err != nil { // want `relay marks rows published \(Delete, line 70\)`
		return err
	}
	return r.db.Delete(&e).Error
}

// Not marks: a failure recorded in the status, an order's status (not an
// outbox row), a retry counter, columns that are not known.
func (r *Relay) notMarks(ctx context.Context, e OutboxEvent, o *Order, cols map[string]interface{}) { // want notMarks:`lossy\(gormmark\.\(\*Relay\)\.notMarks\)`
	_ = r.w.WriteMessages(ctx, kafka.Message{Value: e.Payload})
	r.db.Model(&e).Update("status", "FAILED")
	r.db.Model(o).Updates(map[string]interface{}{"status": "PAID"})
	r.db.Model(&e).Updates(map[string]interface{}{"retry_count": e.RetryCount + 1})
	r.db.Model(&e).Updates(cols)
	r.db.Delete(o)
}

// A writer that waits for all in-sync replicas: the mark is safe.
type Acked struct {
	db *gorm.DB
	w  *kafka.Writer
}

func NewAcked(db *gorm.DB) *Acked {
	return &Acked{db: db, w: &kafka.Writer{Addr: kafka.TCP("kafka:9092"), Topic: "orders", RequiredAcks: kafka.RequireAll}}
}

func (a *Acked) relay(ctx context.Context, events []OutboxEvent) error {
	msgs := make([]kafka.Message, 0, len(events))
	for _, e := range events {
		msgs = append(msgs, kafka.Message{Value: e.Payload})
	}
	if err := a.w.WriteMessages(ctx, msgs...); err != nil {
		return err
	}
	return a.db.Model(&events).Updates(map[string]interface{}{"status": "PROCESSED"}).Error
}
