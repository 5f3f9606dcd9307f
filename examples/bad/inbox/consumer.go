// Package inbox holds consumers whose unit of work claims the event in its
// transaction, but whose loop defeats the claim: a failed unit (SIGTERM
// cancelled its transaction) is logged and committed past, so the
// redelivery the claim relies on never comes.
package inbox

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// PaymentSettled is the event consumed.
type PaymentSettled struct {
	EventID   string `json:"event_id"`
	PaymentID string `json:"payment_id"`
}

// Consumer projects settlements.
type Consumer struct {
	r    *kafka.Reader
	pool *pgxpool.Pool
	rate *http.Client
}

// RunBatch handles a batch, logs failed messages and commits the batch.
func (c *Consumer) RunBatch(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		var batch []kafka.Message
		for range 50 {
			m, err := c.r.FetchMessage(ctx)
			if err != nil {
				break
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			if err := c.apply(ctx, m); err != nil {
				slog.Warn("apply failed, skipping", "offset", m.Offset, "err", err) // want: skipcommit
			}
		}
		if err := c.r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
	}
}

// apply claims the event and settles the payment in one transaction.
func (c *Consumer) apply(ctx context.Context, m kafka.Message) error {
	var ev PaymentSettled
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return nil
	}
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'settle') ON CONFLICT DO NOTHING`, ev.EventID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	var amount int64
	if err := tx.QueryRow(ctx, `SELECT amount FROM payments WHERE id = $1 FOR UPDATE`, ev.PaymentID).Scan(&amount); err != nil {
		return err
	}
	resp, err := c.rate.Get("https://fx.example/rates/EUR") // want: httpintx
	if err != nil {
		return err
	}
	resp.Body.Close()
	if _, err := tx.Exec(ctx, `UPDATE payments SET status = 'SETTLED' WHERE id = $1`, ev.PaymentID); err != nil {
		return err
	}
	return tx.Commit(ctx) // want: ctxcancel
}
