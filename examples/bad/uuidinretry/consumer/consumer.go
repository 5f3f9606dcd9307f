// Package consumer handles order events, deduplicating them under a key it
// makes fresh for every delivery — so a redelivery is never recognised.
package consumer

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type OrderConfirmed struct {
	OrderID string `json:"order_id"`
}

func Run(ctx context.Context, r *kafka.Reader, pool *pgxpool.Pool) error {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev OrderConfirmed
		if err := json.Unmarshal(msg.Value, &ev); err != nil {
			return err
		}
		eventID := uuid.NewString() // want: uuidinretry
		if _, err := pool.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'billing') ON CONFLICT DO NOTHING`, eventID); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
