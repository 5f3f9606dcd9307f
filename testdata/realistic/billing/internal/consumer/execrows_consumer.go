package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"example.com/corpus/billing/internal/db"
	"example.com/corpus/billing/internal/platform/ctxutil"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// RefundConsumer dedups with the :execrows form and pgx.BeginFunc.
type RefundConsumer struct {
	reader  *kafka.Reader
	pool    *pgxpool.Pool
	queries *db.Queries
	log     *slog.Logger
}

// NewRefundConsumer wires the consumer.
func NewRefundConsumer(r *kafka.Reader, pool *pgxpool.Pool, log *slog.Logger) *RefundConsumer {
	return &RefundConsumer{reader: r, pool: pool, queries: db.New(pool), log: log}
}

type refundRequested struct {
	EventID   string `json:"event_id"`
	PaymentID string `json:"payment_id"`
}

// Run processes one message at a time and stops between messages.
func (c *RefundConsumer) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.log.WarnContext(ctx, "fetch failed, retrying", "error", err)
			time.Sleep(time.Second)
			continue
		}
		if err := c.process(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

func (c *RefundConsumer) process(parent context.Context, msg kafka.Message) error {
	ctx, cancel := ctxutil.Detached(parent, 20*time.Second)
	defer cancel()

	var ev refundRequested
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		c.log.ErrorContext(ctx, "bad refund event, skipping", "offset", msg.Offset, "error", err)
		return c.reader.CommitMessages(ctx, msg)
	}
	err := pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error {
		q := c.queries.WithTx(tx)
		n, err := q.ClaimProcessedEvent(ctx, db.ClaimProcessedEventParams{EventID: ev.EventID, ConsumerID: "billing-refunds"})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, `UPDATE payments SET status = 'REFUND_REQUESTED' WHERE id = $1`, ev.PaymentID)
		return err
	})
	if err != nil {
		return fmt.Errorf("refund event %s: %w", ev.EventID, err)
	}
	return c.reader.CommitMessages(ctx, msg)
}
