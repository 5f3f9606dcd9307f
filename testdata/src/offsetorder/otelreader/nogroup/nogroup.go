// Package nogroup keeps a tracing reader in a field; every ReaderConfig the
// package writes has no GroupID, so the wrapper's ReadMessage commits
// nothing.
package nogroup

import (
	"context"
	"database/sql"

	otelkafkakonsumer "github.com/Trendyol/otel-kafka-konsumer"
	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	reader *otelkafkakonsumer.Reader
	db     *sql.DB
}

func New(db *sql.DB) *Consumer {
	r, _ := otelkafkakonsumer.NewReader(kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, Topic: "orders", Partition: 2}))
	return &Consumer{reader: r, db: db}
}

// Good: a partition reader's ReadMessage commits nothing.
func (c *Consumer) Run(ctx context.Context) error { // want Run:"durableWork\\(\\(\\*sql.DB\\).ExecContext\\)"
	for {
		m, err := c.reader.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := c.db.ExecContext(ctx, "INSERT INTO events(value) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
}
