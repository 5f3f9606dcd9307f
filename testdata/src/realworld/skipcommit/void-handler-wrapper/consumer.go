// Package consumer is a food-delivery service's Kafka consumer (batch4
// sweep): one generic loop per topic takes a handler with no result, each
// topic's handler is wrapped in a closure that binds its store, and the
// loop commits every message after the handler returns. A handler that
// logs a failed store call and returns has no way to tell the loop, so the
// commit passes the message and the update is lost.
package consumer

import (
	"context"
	"database/sql"
	"log"

	"github.com/segmentio/kafka-go"
)

type Store struct{ db *sql.DB }

func (s *Store) UpdateStatus(ctx context.Context, id, status string) error { // want UpdateStatus:"durableWork"
	_, err := s.db.ExecContext(ctx, "UPDATE orders SET status = $1 WHERE id = $2", status, id)
	return err
}

func Start(ctx context.Context, store *Store) { // want Start:"durableWork"
	go consume(ctx, "payment.succeeded", func(ctx context.Context, msg kafka.Message) {
		handlePaid(ctx, msg, store)
	})
	go consumeChecked(ctx, "payment.failed", func(ctx context.Context, msg kafka.Message) error {
		return handleFailed(ctx, msg, store)
	})
}

func consume(ctx context.Context, topic string, handler func(ctx context.Context, msg kafka.Message)) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "orders", Topic: topic})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		handler(ctx, m)
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// handlePaid logs the failed update and returns: the loop commits the message.
func handlePaid(ctx context.Context, msg kafka.Message, store *Store) {
	if err := store.UpdateStatus(ctx, string(msg.Key), "paid"); err != nil {
		log.Printf("update order %s: %v", msg.Key, err)
		return // want `handlePaid returns without an error`
	}
	log.Printf("order %s paid", msg.Key)
}

// consumeChecked is the correct form: the handler reports its failure and
// the loop stops before committing, so the group redelivers the message.
func consumeChecked(ctx context.Context, topic string, handler func(ctx context.Context, msg kafka.Message) error) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "orders", Topic: topic})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := handler(ctx, m); err != nil {
			log.Printf("handle: %v", err)
			return
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func handleFailed(ctx context.Context, msg kafka.Message, store *Store) error {
	return store.UpdateStatus(ctx, string(msg.Key), "payment_failed")
}
