// Package otelkafka is a kafka-go consumer traced with Trendyol's
// otel-kafka-konsumer that commits after the work is durable.
package otelkafka

import (
	"context"

	otelkafkakonsumer "github.com/Trendyol/otel-kafka-konsumer"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	r    *otelkafkakonsumer.Reader
	pool *pgxpool.Pool
}

func (c *Consumer) process(ctx context.Context, m *kafka.Message) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'billing') ON CONFLICT DO NOTHING`, string(m.Key))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'BILLED' WHERE id = $1`, string(m.Value)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Run fetches through the wrapper, does the work in one transaction, then
// commits through the wrapper.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		var m kafka.Message
		if err := c.r.FetchMessage(ctx, &m); err != nil {
			return err
		}
		if err := c.process(ctx, &m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// RunPartition reads one partition without a group: the wrapper's
// ReadMessage commits nothing.
func RunPartition(ctx context.Context, pool *pgxpool.Pool) error {
	r, err := otelkafkakonsumer.NewReader(kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "orders.confirmed", Partition: 0}))
	if err != nil {
		return err
	}
	defer r.Close()
	c := &Consumer{r: r, pool: pool}
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.process(ctx, m); err != nil {
			return err
		}
	}
}
