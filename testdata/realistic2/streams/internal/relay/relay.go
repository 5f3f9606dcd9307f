// Package relay publishes outbox rows to Kafka with kafka-go.
package relay

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"example.com/corpus2/streams/internal/ctxkit"
)

// Row is one outbox row.
type Row struct {
	ID      int64
	Topic   string
	Key     []byte
	Payload []byte
}

// Relay moves outbox rows to Kafka.
type Relay struct {
	DB       *sql.DB
	Writer   *kafka.Writer
	Log      *slog.Logger
	Interval time.Duration
	Batch    int
}

// NewWriter returns the synchronous, all-acks writer the relay needs.
func NewWriter(brokers []string) *kafka.Writer {
	return &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 10 * time.Millisecond,
	}
}

// Run ticks until ctx is cancelled; each batch runs on its own detached budget.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		bctx, cancel := ctxkit.Detach(ctx, 15*time.Second)
		err := r.batch(bctx)
		cancel()
		if err != nil {
			r.Log.Warn("relay batch", "err", err)
		}
	}
}

// batch locks a batch, publishes it and marks it published in one transaction.
func (r *Relay) batch(ctx context.Context) error {
	tx, err := r.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := lockBatch(ctx, tx, r.Batch)
	if err != nil || len(rows) == 0 {
		return err
	}
	msgs := make([]kafka.Message, 0, len(rows))
	for _, row := range rows {
		msgs = append(msgs, kafka.Message{Topic: row.Topic, Key: row.Key, Value: row.Payload})
	}
	if err := r.Writer.WriteMessages(ctx, msgs...); err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	if err := markPublished(ctx, tx, rows); err != nil {
		return err
	}
	return tx.Commit()
}

func lockBatch(ctx context.Context, tx *sql.Tx, n int) ([]Row, error) {
	q, err := tx.QueryContext(ctx,
		`SELECT id, topic, key, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	var rows []Row
	for q.Next() {
		var row Row
		if err := q.Scan(&row.ID, &row.Topic, &row.Key, &row.Payload); err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, q.Err()
}

func markPublished(ctx context.Context, tx *sql.Tx, rows []Row) error {
	ids := make([]int64, len(rows))
	for i, row := range rows {
		ids[i] = row.ID
	}
	_, err := tx.ExecContext(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, ids)
	return err
}
