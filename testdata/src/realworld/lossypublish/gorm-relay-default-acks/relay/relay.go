// Package relay polls PENDING outbox rows with GORM, publishes each and marks
// it PROCESSED with a GORM Updates of the status column: a message the broker
// dropped is marked sent and never retried.
package relay

import (
	"context"
	"log"
	"time"

	"gorm.io/gorm"

	"realworld/lossypublish/gorm-relay-default-acks/producer"
)

type OutboxEvent struct {
	ID          string
	AggregateID string
	Payload     []byte
	Status      string
	RetryCount  int
	ProcessedAt *time.Time
}

type Worker struct {
	db       *gorm.DB
	producer *producer.Producer
}

// processEvents is the relay: what it publishes is reported here, and its
// callers publish nothing (it carries no fact).
func (w *Worker) processEvents(ctx context.Context) {
	var events []OutboxEvent
	if err := w.db.Where("status = ?", "PENDING").Order("created_at ASC").Limit(10).Find(&events).Error; err != nil {
		log.Println(err)
		return
	}
	for _, event := range events {
		if err := w.producer.Publish(ctx, event.AggregateID, event.Payload); err != nil { // want `RequireNone`
			w.db.Model(&event).Update("retry_count", event.RetryCount+1)
			continue
		}
		now := time.Now()
		if err := w.db.Model(&event).Updates(map[string]interface{}{"status": "PROCESSED", "processed_at": now}).Error; err != nil {
			log.Println(err)
		}
	}
}
