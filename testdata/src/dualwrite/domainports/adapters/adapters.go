// Package adapters implements the ports with pgx and kafka-go; it imports
// domain, not the use case.
package adapters

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Orders struct{ pool *pgxpool.Pool }

func (o *Orders) Create(ctx context.Context, id string) error {
	_, err := o.pool.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id)
	return err
}

type Kafka struct{ w *kafka.Writer }

func (k *Kafka) Publish(ctx context.Context, topic string, body []byte) error {
	return k.w.WriteMessages(ctx, kafka.Message{Topic: topic, Value: body})
}

type StdoutLogger struct{}

func (StdoutLogger) Info(string) {}

// Catalog reads prices from memory.
type Catalog struct{ prices map[string]int64 }

func (c *Catalog) Price(ctx context.Context, id string) (int64, error) { return c.prices[id], nil }

// Outbox reads and marks outbox rows with pgx.
type Outbox struct{ pool *pgxpool.Pool }

func (o *Outbox) FetchPending(ctx context.Context) ([]string, error) {
	rows, err := o.pool.Query(ctx, `SELECT id FROM outbox WHERE published_at IS NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return nil, nil
}

func (o *Outbox) MarkDead(ctx context.Context, id string) error {
	_, err := o.pool.Exec(ctx, `UPDATE outbox SET dead = true WHERE id = $1`, id)
	return err
}

func (k *Kafka) PublishBatch(ctx context.Context, ids []string) []error {
	errs := make([]error, len(ids))
	for i, id := range ids {
		errs[i] = k.w.WriteMessages(ctx, kafka.Message{Value: []byte(id)})
	}
	return errs
}
