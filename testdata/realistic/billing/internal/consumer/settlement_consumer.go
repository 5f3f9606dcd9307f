package consumer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// SettlementConsumer applies settlements with the service's root context:
// the transaction commits on the context that SIGTERM cancels.
type SettlementConsumer struct {
	Reader *kafka.Reader
	Pool   *pgxpool.Pool
}

type settlement struct {
	EventID   string `json:"event_id"`
	PaymentID string `json:"payment_id"`
}

// Run fetches and applies until the reader fails.
func (c *SettlementConsumer) Run(ctx context.Context) error {
	for {
		msg, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.apply(ctx, msg); err != nil {
			return err
		}
		if err := c.Reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

func (c *SettlementConsumer) apply(ctx context.Context, msg kafka.Message) error {
	var s settlement
	if err := json.Unmarshal(msg.Value, &s); err != nil {
		return nil
	}
	tx, err := c.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'settlement') ON CONFLICT DO NOTHING`, s.EventID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `UPDATE payments SET status = 'SETTLED' WHERE id = $1`, s.PaymentID); err != nil {
		return fmt.Errorf("settle %s: %w", s.PaymentID, err)
	}
	return tx.Commit(ctx)
}
