// Package couriers is a courier service's Kafka consumer (batch4 sweep).
// For a courier request it picks any free courier and marks that courier
// busy; neither call takes data of the message. When either fails, the
// handler (which has no result) logs and returns, and the loop commits the
// message: the request is lost, and the order never gets a courier.
package couriers

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

type Store struct{ db *sql.DB }

func (s *Store) FirstAvailable(ctx context.Context) (string, error) { // want FirstAvailable:"durableWork"
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM couriers WHERE status = 'available' LIMIT 1`).Scan(&id)
	return id, err
}

func (s *Store) MarkBusy(ctx context.Context, id string) error { // want MarkBusy:"durableWork"
	_, err := s.db.ExecContext(ctx, `UPDATE couriers SET status = 'busy' WHERE id = $1`, id)
	return err
}

type request struct {
	OrderID string `json:"order_id"`
}

func consume(ctx context.Context, r *kafka.Reader, handler func(ctx context.Context, m kafka.Message)) {
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

func handleRequested(ctx context.Context, m kafka.Message, s *Store) {
	var req request
	if err := json.Unmarshal(m.Value, &req); err != nil {
		log.Printf("decode: %v", err)
		return
	}
	id, err := s.FirstAvailable(ctx)
	if err != nil {
		log.Printf("no courier for %s: %v", req.OrderID, err)
		return // want `returns without an error`
	}
	if err := s.MarkBusy(ctx, id); err != nil {
		log.Printf("mark busy: %v", err)
		return // want `returns without an error`
	}
	log.Printf("courier %s assigned to %s", id, req.OrderID)
}

func Start(ctx context.Context, r *kafka.Reader, s *Store) { // want Start:"durableWork"
	go consume(ctx, r, func(ctx context.Context, m kafka.Message) {
		handleRequested(ctx, m, s)
	})
}
