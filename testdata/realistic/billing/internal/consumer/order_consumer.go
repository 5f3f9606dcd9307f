// Package consumer holds the billing Kafka consumers.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"example.com/corpus/billing/internal/db"
	"example.com/corpus/billing/internal/platform/ctxutil"
	"example.com/corpus/billing/internal/platform/ids"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// OrderConfirmedEvent is the payload of orders.confirmed.
type OrderConfirmedEvent struct {
	ID            string `json:"id"`
	OrderID       string `json:"order_id"`
	CustomerID    string `json:"customer_id"`
	AmountKopecks int64  `json:"amount_kopecks"`
}

// errPoison marks a message that can never be handled.
var errPoison = errors.New("poison message")

// OrderConsumer turns confirmed orders into charge requests.
type OrderConsumer struct {
	reader         *kafka.Reader
	pool           *pgxpool.Pool
	queries        *db.Queries
	log            *slog.Logger
	messageTimeout time.Duration
}

// NewOrderConsumer builds the consumer with an explicit-commit reader.
func NewOrderConsumer(brokers []string, pool *pgxpool.Pool, log *slog.Logger) *OrderConsumer {
	return &OrderConsumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers:        brokers,
			GroupID:        "billing-service",
			Topic:          "orders.confirmed",
			CommitInterval: 0,
		}),
		pool:           pool,
		queries:        db.New(pool),
		log:            log,
		messageTimeout: 30 * time.Second,
	}
}

// Run fetches, handles and commits until ctx is cancelled.
func (c *OrderConsumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		msgCtx, cancel := ctxutil.Detached(ctx, c.messageTimeout)
		err = c.handle(msgCtx, msg)
		switch {
		case errors.Is(err, errPoison):
			c.log.ErrorContext(ctx, "skipping poison message",
				"partition", msg.Partition, "offset", msg.Offset, "error", err)
		case err != nil:
			cancel()
			return fmt.Errorf("handle offset %d: %w", msg.Offset, err)
		}
		if err := c.reader.CommitMessages(msgCtx, msg); err != nil {
			cancel()
			return fmt.Errorf("commit offset %d: %w", msg.Offset, err)
		}
		cancel()
	}
}

func (c *OrderConsumer) handle(ctx context.Context, msg kafka.Message) error {
	var event OrderConfirmedEvent
	if err := json.Unmarshal(msg.Value, &event); err != nil {
		return fmt.Errorf("%w: unmarshal: %v", errPoison, err)
	}

	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback(ctx)

	q := c.queries.WithTx(tx)
	inserted, err := q.InsertProcessedEvent(ctx, db.InsertProcessedEventParams{
		EventID:    event.ID,
		ConsumerID: "billing-service",
	})
	if err != nil {
		return fmt.Errorf("insert processed event: %w", err)
	}
	if !inserted {
		c.log.InfoContext(ctx, "duplicate event", "event_id", event.ID)
		return nil
	}

	payload, err := json.Marshal(map[string]any{
		"order_id":        event.OrderID,
		"customer_id":     event.CustomerID,
		"amount":          event.AmountKopecks,
		"idempotency_key": event.ID + ":billing",
	})
	if err != nil {
		return err
	}
	if err := q.InsertOutboxEvent(ctx, db.InsertOutboxEventParams{
		ID:          ids.NewPaymentID(),
		AggregateID: event.OrderID,
		EventType:   "ChargeRequested",
		Payload:     payload,
	}); err != nil {
		return fmt.Errorf("enqueue charge for order %s: %w", event.OrderID, err)
	}
	return tx.Commit(ctx)
}

// handleFreshKey is handle with the charge's key made per delivery; the
// processed_event row in the same transaction makes the outbox row (and so
// the key) exist at most once, so a redelivery never sees a second key.
func (c *OrderConsumer) handleFreshKey(ctx context.Context, msg kafka.Message) error {
	var event OrderConfirmedEvent
	if err := json.Unmarshal(msg.Value, &event); err != nil {
		return fmt.Errorf("%w: unmarshal: %v", errPoison, err)
	}
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := c.queries.WithTx(tx)
	inserted, err := q.InsertProcessedEvent(ctx, db.InsertProcessedEventParams{EventID: event.ID, ConsumerID: "billing-service"})
	if err != nil || !inserted {
		return err
	}
	payload, _ := json.Marshal(struct {
		OrderID        string `json:"order_id"`
		IdempotencyKey string `json:"idempotency_key"`
	}{OrderID: event.OrderID, IdempotencyKey: ids.NewPaymentID()}) // not a finding (left to judgement, uuidinretry)
	if err := q.InsertOutboxEvent(ctx, db.InsertOutboxEventParams{ID: ids.NewPaymentID(), AggregateID: event.OrderID, EventType: "ChargeRequested", Payload: payload}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RunFreshKey is Run with handleFreshKey.
func (c *OrderConsumer) RunFreshKey(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		hctx, cancel := ctxutil.Detached(ctx, c.messageTimeout)
		err = c.handleFreshKey(hctx, msg)
		if err == nil {
			err = c.reader.CommitMessages(hctx, msg)
		}
		cancel()
		if err != nil {
			return err
		}
	}
}
