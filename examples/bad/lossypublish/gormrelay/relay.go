// Package gormrelay is an outbox relay on GORM: it publishes each pending
// row on a kafka.Writer literal that sets no RequiredAcks (acks=0) and then
// marks the row PROCESSED with Model(&row).Updates. A message the broker
// dropped is marked sent and never retried.
package gormrelay

import (
	"context"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
	"gorm.io/gorm"
)

// OutboxEvent is one row of the outbox table.
type OutboxEvent struct {
	ID          string
	AggregateID string
	Payload     []byte
	Status      string
	RetryCount  int
	ProcessedAt *time.Time
}

// Relay moves pending outbox rows to Kafka.
type Relay struct {
	DB     *gorm.DB
	Writer *kafka.Writer
}

// New builds the relay's writer.
func New(db *gorm.DB, brokers []string) *Relay {
	return &Relay{DB: db, Writer: &kafka.Writer{Addr: kafka.TCP(brokers...), Topic: "orders"}}
}

// ProcessEvents relays one batch of pending rows.
func (r *Relay) ProcessEvents(ctx context.Context) {
	var events []OutboxEvent
	if err := r.DB.WithContext(ctx).Where("status = ?", "PENDING").Order("created_at").Limit(10).Find(&events).Error; err != nil {
		log.Println(err)
		return
	}
	for _, event := range events {
		msg := kafka.Message{Key: []byte(event.AggregateID), Value: event.Payload}
		if err := r.Writer.WriteMessages(ctx, msg); err != nil { // want: lossypublish
			r.DB.Model(&event).Update("retry_count", event.RetryCount+1)
			continue
		}
		now := time.Now()
		if err := r.DB.Model(&event).Updates(map[string]interface{}{"status": "PROCESSED", "processed_at": now}).Error; err != nil {
			log.Println(err)
		}
	}
}
