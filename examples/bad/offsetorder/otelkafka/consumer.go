// Package otelkafka is a kafka-go consumer traced with Trendyol's
// otel-kafka-konsumer that commits offsets too early: the wrapper's
// ReadMessage is kafka-go's, which commits as it returns on a group reader.
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
	if _, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'billing')`, string(m.Key)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'BILLED' WHERE id = $1`, string(m.Value)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RunRead reads through the tracing wrapper of a group reader.
func RunRead(ctx context.Context, pool *pgxpool.Pool) error {
	r, err := otelkafkakonsumer.NewReader(kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "billing", Topic: "orders.confirmed"}))
	if err != nil {
		return err
	}
	defer r.Close()
	c := &Consumer{r: r, pool: pool}
	for {
		m, err := r.ReadMessage(ctx) // want: offsetorder
		if err != nil {
			return err
		}
		if err := c.process(ctx, m); err != nil {
			return err
		}
	}
}

// Run commits through the wrapper before the work.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		var m kafka.Message
		if err := c.r.FetchMessage(ctx, &m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil { // want: offsetorder
			return err
		}
		if err := c.process(ctx, &m); err != nil {
			return err
		}
	}
}
