// Package outbox publishes outbox rows to Kafka.
package outbox

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"example.com/corpus/billing/internal/db"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// Relay is the seed's relay: ctx.Done() between batches, a detached batch
// context with its own timeout for both the transaction and the publish.
type Relay struct {
	pool         *pgxpool.Pool
	queries      *db.Queries
	writer       *kafka.Writer
	interval     time.Duration
	batchTimeout time.Duration
	batchSize    int32
	log          *slog.Logger
}

// NewRelay wires the relay with a synchronous, acknowledged writer.
func NewRelay(pool *pgxpool.Pool, brokers []string, log *slog.Logger) *Relay {
	return &Relay{
		pool:    pool,
		queries: db.New(pool),
		writer: &kafka.Writer{
			Addr:         kafka.TCP(brokers...),
			Topic:        "billing.events",
			Balancer:     &kafka.Hash{},
			RequiredAcks: kafka.RequireAll,
		},
		interval:     500 * time.Millisecond,
		batchTimeout: 15 * time.Second,
		batchSize:    100,
		log:          log,
	}
}

func (r *Relay) processOneBatch(ctx context.Context) error {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback(ctx)

	q := r.queries.WithTx(tx)
	events, err := q.LockPendingOutboxBatch(ctx, r.batchSize)
	if err != nil {
		return fmt.Errorf("lock outbox batch: %w", err)
	}
	if len(events) == 0 {
		return nil
	}
	msgs := make([]kafka.Message, 0, len(events))
	for _, e := range events {
		msgs = append(msgs, kafka.Message{
			Key:     []byte(e.AggregateID),
			Value:   e.Payload,
			Headers: []kafka.Header{{Key: "event-id", Value: []byte(e.ID)}},
		})
	}
	if err := r.writer.WriteMessages(ctx, msgs...); err != nil {
		return fmt.Errorf("write outbox batch: %w", err)
	}
	for _, e := range events {
		if err := q.MarkOutboxDispatched(ctx, e.ID); err != nil {
			return fmt.Errorf("mark dispatched %s: %w", e.ID, err)
		}
	}
	return tx.Commit(ctx)
}

// Run stops between batches.
func (r *Relay) Run(ctx context.Context, wg *sync.WaitGroup) {
	defer wg.Done()
	ticker := time.NewTicker(r.interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
		batchCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.batchTimeout)
		if err := r.processOneBatch(batchCtx); err != nil {
			r.log.WarnContext(ctx, "outbox relay batch", "error", err)
		}
		cancel()
	}
}

// Drain publishes until the outbox is empty; used by the admin endpoint with
// a request context.
func (r *Relay) Drain(ctx context.Context) error {
	for {
		n, err := r.pendingCount(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if err := r.processOneBatch(ctx); err != nil {
			return err
		}
	}
}

func (r *Relay) pendingCount(ctx context.Context) (int, error) {
	var n int
	err := r.pool.QueryRow(ctx, `SELECT count(*) FROM outbox_event WHERE status = 'PENDING'`).Scan(&n)
	return n, err
}

// Close flushes the writer.
func (r *Relay) Close() error { return r.writer.Close() }
