// Package relay is the seed's correct outbox relay: ctx.Done() is checked
// only between batches, and each batch runs on
// context.WithTimeout(context.WithoutCancel(ctx), d) for both the
// transaction and the publish.
package relay

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// OutboxRelay publishes outbox rows to Kafka.
type OutboxRelay struct {
	Pool         *pgxpool.Pool
	Writer       *kafka.Writer
	Client       *kgo.Client
	Interval     time.Duration
	BatchTimeout time.Duration
}

func (r *OutboxRelay) processOneBatch(ctx context.Context) error {
	tx, err := r.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback(ctx)
	msgs := []kafka.Message{{Key: []byte("k"), Value: []byte("v")}}
	if err := r.Writer.WriteMessages(ctx, msgs...); err != nil {
		return fmt.Errorf("write outbox batch: %w", err)
	}
	if _, err := tx.Exec(ctx, "UPDATE outbox_event SET status = 'PUBLISHED' WHERE status = 'PENDING'"); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Run stops between batches; the batch keeps the values of ctx but not its
// cancellation, and has its own timeout.
func (r *OutboxRelay) Run(ctx context.Context) {
	ticker := time.NewTicker(r.Interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return // no new batch
		case <-ticker.C:
		}
		batchCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.BatchTimeout)
		if err := r.processOneBatch(batchCtx); err != nil {
			slog.WarnContext(ctx, "outbox relay batch", "error", err)
		}
		cancel()
	}
}

// Handle commits and publishes on the request's context.
func (r *OutboxRelay) Handle(w http.ResponseWriter, req *http.Request) {
	err := pgx.BeginFunc(req.Context(), r.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(req.Context(), "INSERT INTO outbox_event (payload) VALUES ($1)", "x")
		return err
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := r.Client.ProduceSync(req.Context(), &kgo.Record{Topic: "events"}).FirstErr(); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Publish retries with the caller's context and aborts with ctx.Err().
func (r *OutboxRelay) Publish(ctx context.Context, msgs ...kafka.Message) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = r.Writer.WriteMessages(ctx, msgs...); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Seed runs at startup on context.Background.
func (r *OutboxRelay) Seed() error {
	return pgx.BeginFunc(context.Background(), r.Pool, func(tx pgx.Tx) error { return nil })
}
